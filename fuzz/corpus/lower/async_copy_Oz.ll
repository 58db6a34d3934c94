; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/barrier/async_copy.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@k.tile = internal addrspace(3) global [8 x i32] undef, align 4, !dbg !0
@k.evens = internal addrspace(3) global [4 x i32] undef, align 4, !dbg !12

; Function Attrs: convergent minsize norecurse nounwind optsize
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %strided) local_unnamed_addr #0 !dbg !2 !kernel_arg_addr_space !40 !kernel_arg_access_qual !41 !kernel_arg_type !42 !kernel_arg_base_type !42 !kernel_arg_type_qual !43 !kernel_arg_name !44 {
entry:
  %e = alloca target("spirv.Event"), align 8
  %f = alloca [2 x target("spirv.Event")], align 8
    #dbg_value(ptr addrspace(1) %in, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
    #dbg_value(ptr addrspace(1) %out, !19, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
    #dbg_value(ptr addrspace(1) %strided, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
  %call = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !46
  %conv = trunc i64 %call to i32, !dbg !46
    #dbg_value(i32 %conv, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
  %call1 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #4, !dbg !47
  %conv2 = trunc i64 %call1 to i32, !dbg !47
    #dbg_value(i32 %conv2, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %e) #5, !dbg !48
  %mul = shl nsw i32 %conv2, 3, !dbg !49
  %idx.ext = sext i32 %mul to i64, !dbg !50
  %add.ptr = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx.ext, !dbg !50
  %call3 = tail call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef @k.tile, ptr addrspace(1) noundef %add.ptr, i64 noundef 8, target("spirv.Event") zeroinitializer) #6, !dbg !51
    #dbg_value(target("spirv.Event") %call3, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
  %call7 = tail call spir_func target("spirv.Event") @_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event(ptr addrspace(3) noundef @k.evens, ptr addrspace(1) noundef %add.ptr, i64 noundef 4, i64 noundef 2, target("spirv.Event") %call3) #6, !dbg !52
    #dbg_value(target("spirv.Event") %call7, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
  store target("spirv.Event") %call7, ptr %e, align 8, !dbg !53, !tbaa !54
  %e.ascast = addrspacecast ptr %e to ptr addrspace(4), !dbg !58
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, ptr addrspace(4) noundef %e.ascast) #6, !dbg !59
  %idxprom = sext i32 %conv to i64, !dbg !60
  %arrayidx = getelementptr inbounds [8 x i32], ptr addrspace(3) @k.tile, i64 0, i64 %idxprom, !dbg !60
  %0 = load i32, ptr addrspace(3) %arrayidx, align 4, !dbg !61, !tbaa !62
  %mul8 = shl nsw i32 %0, 1, !dbg !61
  store i32 %mul8, ptr addrspace(3) %arrayidx, align 4, !dbg !61, !tbaa !62
  %add = add nsw i32 %conv, 4, !dbg !64
  %idxprom9 = sext i32 %add to i64, !dbg !65
  %arrayidx10 = getelementptr inbounds [8 x i32], ptr addrspace(3) @k.tile, i64 0, i64 %idxprom9, !dbg !65
  %1 = load i32, ptr addrspace(3) %arrayidx10, align 4, !dbg !66, !tbaa !62
  %add11 = add nsw i32 %1, 100, !dbg !66
  store i32 %add11, ptr addrspace(3) %arrayidx10, align 4, !dbg !66, !tbaa !62
  %arrayidx13 = getelementptr inbounds [4 x i32], ptr addrspace(3) @k.evens, i64 0, i64 %idxprom, !dbg !67
  %2 = load i32, ptr addrspace(3) %arrayidx13, align 4, !dbg !67, !tbaa !62
  %sub = sub nsw i32 0, %2, !dbg !68
  store i32 %sub, ptr addrspace(3) %arrayidx13, align 4, !dbg !69, !tbaa !62
  call spir_func void @_Z7barrierj(i32 noundef 1) #6, !dbg !70
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %f) #5, !dbg !71
    #dbg_declare(ptr %f, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !72)
  %add.ptr18 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx.ext, !dbg !73
  %call19 = call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event(ptr addrspace(1) noundef %add.ptr18, ptr addrspace(3) noundef @k.tile, i64 noundef 8, target("spirv.Event") zeroinitializer) #6, !dbg !74
  store target("spirv.Event") %call19, ptr %f, align 8, !dbg !75, !tbaa !54
  %mul21 = shl nsw i32 %conv2, 2, !dbg !76
  %idx.ext22 = sext i32 %mul21 to i64, !dbg !77
  %add.ptr23 = getelementptr inbounds i32, ptr addrspace(1) %strided, i64 %idx.ext22, !dbg !77
  %call24 = call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event(ptr addrspace(1) noundef %add.ptr23, ptr addrspace(3) noundef @k.evens, i64 noundef 4, target("spirv.Event") zeroinitializer) #6, !dbg !78
  %arrayidx25 = getelementptr inbounds i8, ptr %f, i64 8, !dbg !79
  store target("spirv.Event") %call24, ptr %arrayidx25, align 8, !dbg !80, !tbaa !54
  %arraydecay.ascast = addrspacecast ptr %f to ptr addrspace(4), !dbg !81
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 2, ptr addrspace(4) noundef %arraydecay.ascast) #6, !dbg !82
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %f) #5, !dbg !83
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %e) #5, !dbg !83
  ret void, !dbg !83
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !84 dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !89 dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !90 dso_local spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i64 noundef, target("spirv.Event")) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !94 dso_local spir_func target("spirv.Event") @_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i64 noundef, i64 noundef, target("spirv.Event")) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !97 dso_local spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef, ptr addrspace(4) noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !101 dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !107 dso_local spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event(ptr addrspace(1) noundef, ptr addrspace(3) noundef, i64 noundef, target("spirv.Event")) local_unnamed_addr #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent minsize norecurse nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }
attributes #5 = { nounwind }
attributes #6 = { convergent minsize nobuiltin nounwind optsize "no-builtins" }

!llvm.dbg.cu = !{!10}
!llvm.module.flags = !{!34, !35, !36, !37}
!opencl.ocl.version = !{!38}
!opencl.spir.version = !{!38}
!llvm.ident = !{!39}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 4, type: !31, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 3, type: !4, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !10, retainedNodes: !17)
!3 = !DIFile(filename: "tests/golden/barrier/async_copy.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "0450b50923442baf658096c386e6b39e")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !9, !9}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64, dwarfAddressSpace: 1)
!10 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !11, splitDebugInlining: false, nameTableKind: None)
!11 = !{!0, !12}
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!13 = distinct !DIGlobalVariable(name: "evens", scope: !2, file: !3, line: 5, type: !14, isLocal: true, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 128, elements: !15)
!15 = !{!16}
!16 = !DISubrange(count: 4)
!17 = !{!18, !19, !20, !21, !22, !23, !27}
!18 = !DILocalVariable(name: "in", arg: 1, scope: !2, file: !3, line: 3, type: !6)
!19 = !DILocalVariable(name: "out", arg: 2, scope: !2, file: !3, line: 3, type: !9)
!20 = !DILocalVariable(name: "strided", arg: 3, scope: !2, file: !3, line: 3, type: !9)
!21 = !DILocalVariable(name: "l", scope: !2, file: !3, line: 6, type: !8)
!22 = !DILocalVariable(name: "g", scope: !2, file: !3, line: 6, type: !8)
!23 = !DILocalVariable(name: "e", scope: !2, file: !3, line: 7, type: !24)
!24 = !DIDerivedType(tag: DW_TAG_typedef, name: "event_t", file: !3, baseType: !25)
!25 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !26, size: 64)
!26 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_event_t", file: !3, flags: DIFlagFwdDecl)
!27 = !DILocalVariable(name: "f", scope: !2, file: !3, line: 14, type: !28)
!28 = !DICompositeType(tag: DW_TAG_array_type, baseType: !24, size: 128, elements: !29)
!29 = !{!30}
!30 = !DISubrange(count: 2)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 256, elements: !32)
!32 = !{!33}
!33 = !DISubrange(count: 8)
!34 = !{i32 7, !"Dwarf Version", i32 5}
!35 = !{i32 2, !"Debug Info Version", i32 3}
!36 = !{i32 1, !"wchar_size", i32 4}
!37 = !{i32 7, !"frame-pointer", i32 2}
!38 = !{i32 3, i32 0}
!39 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!40 = !{i32 1, i32 1, i32 1}
!41 = !{!"none", !"none", !"none"}
!42 = !{!"int*", !"int*", !"int*"}
!43 = !{!"const", !"", !""}
!44 = !{!"in", !"out", !"strided"}
!45 = !DILocation(line: 0, scope: !2)
!46 = !DILocation(line: 6, column: 11, scope: !2)
!47 = !DILocation(line: 6, column: 32, scope: !2)
!48 = !DILocation(line: 7, column: 3, scope: !2)
!49 = !DILocation(line: 7, column: 50, scope: !2)
!50 = !DILocation(line: 7, column: 46, scope: !2)
!51 = !DILocation(line: 7, column: 15, scope: !2)
!52 = !DILocation(line: 8, column: 7, scope: !2)
!53 = !DILocation(line: 8, column: 5, scope: !2)
!54 = !{!55, !55, i64 0}
!55 = !{!"event_t", !56, i64 0}
!56 = !{!"omnipotent char", !57, i64 0}
!57 = !{!"Simple C/C++ TBAA"}
!58 = !DILocation(line: 9, column: 24, scope: !2)
!59 = !DILocation(line: 9, column: 3, scope: !2)
!60 = !DILocation(line: 10, column: 3, scope: !2)
!61 = !DILocation(line: 10, column: 11, scope: !2)
!62 = !{!63, !63, i64 0}
!63 = !{!"int", !56, i64 0}
!64 = !DILocation(line: 11, column: 10, scope: !2)
!65 = !DILocation(line: 11, column: 3, scope: !2)
!66 = !DILocation(line: 11, column: 15, scope: !2)
!67 = !DILocation(line: 12, column: 15, scope: !2)
!68 = !DILocation(line: 12, column: 14, scope: !2)
!69 = !DILocation(line: 12, column: 12, scope: !2)
!70 = !DILocation(line: 13, column: 3, scope: !2)
!71 = !DILocation(line: 14, column: 3, scope: !2)
!72 = !DILocation(line: 14, column: 11, scope: !2)
!73 = !DILocation(line: 15, column: 36, scope: !2)
!74 = !DILocation(line: 15, column: 10, scope: !2)
!75 = !DILocation(line: 15, column: 8, scope: !2)
!76 = !DILocation(line: 16, column: 44, scope: !2)
!77 = !DILocation(line: 16, column: 40, scope: !2)
!78 = !DILocation(line: 16, column: 10, scope: !2)
!79 = !DILocation(line: 16, column: 3, scope: !2)
!80 = !DILocation(line: 16, column: 8, scope: !2)
!81 = !DILocation(line: 17, column: 24, scope: !2)
!82 = !DILocation(line: 17, column: 3, scope: !2)
!83 = !DILocation(line: 18, column: 1, scope: !2)
!84 = !DISubprogram(name: "get_local_id", linkageName: "_Z12get_local_idj", scope: !3, file: !3, line: 6, type: !85, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!85 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !86)
!86 = !{!87, !88}
!87 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!88 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!89 = !DISubprogram(name: "get_group_id", linkageName: "_Z12get_group_idj", scope: !3, file: !3, line: 6, type: !85, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!90 = !DISubprogram(name: "async_work_group_copy", linkageName: "_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event", scope: !3, file: !3, line: 7, type: !91, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!91 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !92)
!92 = !{!25, !93, !6, !87, !25}
!93 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64, dwarfAddressSpace: 3)
!94 = !DISubprogram(name: "async_work_group_strided_copy", linkageName: "_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event", scope: !3, file: !3, line: 8, type: !95, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!95 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !96)
!96 = !{!25, !93, !6, !87, !87, !25}
!97 = !DISubprogram(name: "wait_group_events", linkageName: "_Z17wait_group_eventsiPU3AS49ocl_event", scope: !3, file: !3, line: 9, type: !98, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!98 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !99)
!99 = !{null, !8, !100}
!100 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !25, size: 64, dwarfAddressSpace: 4)
!101 = !DISubprogram(name: "barrier", linkageName: "_Z7barrierj", scope: !3, file: !3, line: 13, type: !102, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!102 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !103)
!103 = !{null, !104}
!104 = !DIDerivedType(tag: DW_TAG_typedef, name: "cl_mem_fence_flags", file: !105, line: 372, baseType: !106)
!105 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!106 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !105, line: 129, baseType: !88)
!107 = !DISubprogram(name: "async_work_group_copy", linkageName: "_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event", scope: !3, file: !3, line: 15, type: !108, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!108 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !109)
!109 = !{!25, !9, !110, !87, !25}
!110 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 3)
