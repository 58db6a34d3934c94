; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/vector/shuffle.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite)
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef readonly align 16 %in, ptr addrspace(1) nocapture noundef readonly align 32 %masks, ptr addrspace(1) nocapture noundef writeonly align 32 %o, ptr addrspace(1) nocapture noundef writeonly align 16 %p) local_unnamed_addr #0 !dbg !8 !kernel_arg_addr_space !43 !kernel_arg_access_qual !44 !kernel_arg_type !45 !kernel_arg_base_type !46 !kernel_arg_type_qual !47 !kernel_arg_name !48 {
entry:
    #dbg_value(ptr addrspace(1) %in, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
    #dbg_value(ptr addrspace(1) %masks, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
    #dbg_value(ptr addrspace(1) %o, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
    #dbg_value(ptr addrspace(1) %p, !35, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %0 = load <4 x i32>, ptr addrspace(1) %in, align 16, !dbg !50, !tbaa !51
    #dbg_value(<4 x i32> %0, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %arrayidx1 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 16, !dbg !54
  %1 = load <4 x i32>, ptr addrspace(1) %arrayidx1, align 16, !dbg !54, !tbaa !51
    #dbg_value(<4 x i32> %1, !37, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %2 = load <8 x i32>, ptr addrspace(1) %masks, align 32, !dbg !55, !tbaa !51
    #dbg_value(<8 x i32> %2, !38, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %call = tail call spir_func <8 x i32> @_Z8shuffle2Dv4_iS_Dv8_j(<4 x i32> noundef %0, <4 x i32> noundef %1, <8 x i32> noundef %2) #2, !dbg !56
  store <8 x i32> %call, ptr addrspace(1) %o, align 32, !dbg !57, !tbaa !51
  %call4 = tail call spir_func <8 x i32> @_Z7shuffleDv4_iDv8_j(<4 x i32> noundef %0, <8 x i32> noundef %2) #2, !dbg !58
  %arrayidx5 = getelementptr inbounds i8, ptr addrspace(1) %o, i64 32, !dbg !59
  store <8 x i32> %call4, ptr addrspace(1) %arrayidx5, align 32, !dbg !60, !tbaa !51
  %3 = extractelement <8 x i32> %2, i64 4, !dbg !61
  %add = add i32 %3, 8, !dbg !62
  %vecinit8 = insertelement <4 x i32> <i32 poison, i32 1, i32 18, i32 0>, i32 %add, i64 0, !dbg !63
    #dbg_value(<4 x i32> %vecinit8, !39, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %call9 = tail call spir_func <4 x i32> @_Z8shuffle2Dv4_iS_Dv4_j(<4 x i32> noundef %0, <4 x i32> noundef %1, <4 x i32> noundef %vecinit8) #2, !dbg !64
  store <4 x i32> %call9, ptr addrspace(1) %p, align 16, !dbg !65, !tbaa !51
  %vecinit14 = shufflevector <4 x i32> %0, <4 x i32> %1, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, !dbg !66
    #dbg_value(<8 x i32> %vecinit14, !42, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %call16 = tail call spir_func <4 x i32> @_Z7shuffleDv8_iDv4_j(<8 x i32> noundef %vecinit14, <4 x i32> noundef <i32 6, i32 0, i32 5, i32 9>) #2, !dbg !67
  %arrayidx17 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 16, !dbg !68
  store <4 x i32> %call16, ptr addrspace(1) %arrayidx17, align 16, !dbg !69, !tbaa !51
  ret void, !dbg !70
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !71 dso_local spir_func <8 x i32> @_Z8shuffle2Dv4_iS_Dv8_j(<4 x i32> noundef, <4 x i32> noundef, <8 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !75 dso_local spir_func <8 x i32> @_Z7shuffleDv4_iDv8_j(<4 x i32> noundef, <8 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !78 dso_local spir_func <4 x i32> @_Z8shuffle2Dv4_iS_Dv4_j(<4 x i32> noundef, <4 x i32> noundef, <4 x i32> noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !82 dso_local spir_func <4 x i32> @_Z7shuffleDv8_iDv4_j(<8 x i32> noundef, <4 x i32> noundef) local_unnamed_addr #1

attributes #0 = { convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/vector/shuffle.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "5320727e48b9a0a67bf6dc1c85eb35f8")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !31)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !19, !27, !30}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!13 = !DIDerivedType(tag: DW_TAG_typedef, name: "int4", file: !14, line: 189, baseType: !15)
!14 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!15 = !DICompositeType(tag: DW_TAG_array_type, baseType: !16, size: 128, flags: DIFlagVector, elements: !17)
!16 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!17 = !{!18}
!18 = !DISubrange(count: 4)
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64, dwarfAddressSpace: 1)
!20 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !21)
!21 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint8", file: !14, line: 195, baseType: !22)
!22 = !DICompositeType(tag: DW_TAG_array_type, baseType: !23, size: 256, flags: DIFlagVector, elements: !25)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !14, line: 129, baseType: !24)
!24 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!25 = !{!26}
!26 = !DISubrange(count: 8)
!27 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !28, size: 64, dwarfAddressSpace: 1)
!28 = !DIDerivedType(tag: DW_TAG_typedef, name: "int8", file: !14, line: 190, baseType: !29)
!29 = !DICompositeType(tag: DW_TAG_array_type, baseType: !16, size: 256, flags: DIFlagVector, elements: !25)
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64, dwarfAddressSpace: 1)
!31 = !{!32, !33, !34, !35, !36, !37, !38, !39, !42}
!32 = !DILocalVariable(name: "in", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!33 = !DILocalVariable(name: "masks", arg: 2, scope: !8, file: !1, line: 2, type: !19)
!34 = !DILocalVariable(name: "o", arg: 3, scope: !8, file: !1, line: 2, type: !27)
!35 = !DILocalVariable(name: "p", arg: 4, scope: !8, file: !1, line: 2, type: !30)
!36 = !DILocalVariable(name: "a", scope: !8, file: !1, line: 3, type: !13)
!37 = !DILocalVariable(name: "b", scope: !8, file: !1, line: 3, type: !13)
!38 = !DILocalVariable(name: "m", scope: !8, file: !1, line: 4, type: !21)
!39 = !DILocalVariable(name: "n", scope: !8, file: !1, line: 7, type: !40)
!40 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint4", file: !14, line: 194, baseType: !41)
!41 = !DICompositeType(tag: DW_TAG_array_type, baseType: !23, size: 128, flags: DIFlagVector, elements: !17)
!42 = !DILocalVariable(name: "w", scope: !8, file: !1, line: 9, type: !28)
!43 = !{i32 1, i32 1, i32 1, i32 1}
!44 = !{!"none", !"none", !"none", !"none"}
!45 = !{!"int4*", !"uint8*", !"int8*", !"int4*"}
!46 = !{!"int __attribute__((ext_vector_type(4)))*", !"uint __attribute__((ext_vector_type(8)))*", !"int __attribute__((ext_vector_type(8)))*", !"int __attribute__((ext_vector_type(4)))*"}
!47 = !{!"const", !"const", !"", !""}
!48 = !{!"in", !"masks", !"o", !"p"}
!49 = !DILocation(line: 0, scope: !8)
!50 = !DILocation(line: 3, column: 12, scope: !8)
!51 = !{!52, !52, i64 0}
!52 = !{!"omnipotent char", !53, i64 0}
!53 = !{!"Simple C/C++ TBAA"}
!54 = !DILocation(line: 3, column: 23, scope: !8)
!55 = !DILocation(line: 4, column: 13, scope: !8)
!56 = !DILocation(line: 5, column: 10, scope: !8)
!57 = !DILocation(line: 5, column: 8, scope: !8)
!58 = !DILocation(line: 6, column: 10, scope: !8)
!59 = !DILocation(line: 6, column: 3, scope: !8)
!60 = !DILocation(line: 6, column: 8, scope: !8)
!61 = !DILocation(line: 7, column: 21, scope: !8)
!62 = !DILocation(line: 7, column: 26, scope: !8)
!63 = !DILocation(line: 7, column: 20, scope: !8)
!64 = !DILocation(line: 8, column: 10, scope: !8)
!65 = !DILocation(line: 8, column: 8, scope: !8)
!66 = !DILocation(line: 9, column: 18, scope: !8)
!67 = !DILocation(line: 10, column: 10, scope: !8)
!68 = !DILocation(line: 10, column: 3, scope: !8)
!69 = !DILocation(line: 10, column: 8, scope: !8)
!70 = !DILocation(line: 11, column: 1, scope: !8)
!71 = !DISubprogram(name: "shuffle2", linkageName: "_Z8shuffle2Dv4_iS_Dv8_j", scope: !1, file: !1, line: 5, type: !72, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!72 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !73)
!73 = !{!29, !15, !15, !74}
!74 = !DICompositeType(tag: DW_TAG_array_type, baseType: !24, size: 256, flags: DIFlagVector, elements: !25)
!75 = !DISubprogram(name: "shuffle", linkageName: "_Z7shuffleDv4_iDv8_j", scope: !1, file: !1, line: 6, type: !76, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!76 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !77)
!77 = !{!29, !15, !74}
!78 = !DISubprogram(name: "shuffle2", linkageName: "_Z8shuffle2Dv4_iS_Dv4_j", scope: !1, file: !1, line: 8, type: !79, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!79 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !80)
!80 = !{!15, !15, !15, !81}
!81 = !DICompositeType(tag: DW_TAG_array_type, baseType: !24, size: 128, flags: DIFlagVector, elements: !17)
!82 = !DISubprogram(name: "shuffle", linkageName: "_Z7shuffleDv8_iDv4_j", scope: !1, file: !1, line: 10, type: !83, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!83 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !84)
!84 = !{!15, !29, !81}
