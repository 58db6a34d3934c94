; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/races/groups.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@groups.tile = internal addrspace(3) global i32 undef, align 4, !dbg !0

; Function Attrs: convergent minsize nofree norecurse nounwind optsize memory(readwrite, argmem: write)
define dso_local spir_kernel void @groups(ptr addrspace(1) nocapture noundef writeonly align 4 %winner, ptr addrspace(1) nocapture noundef writeonly align 4 %out) local_unnamed_addr #0 !dbg !2 !kernel_arg_addr_space !20 !kernel_arg_access_qual !21 !kernel_arg_type !22 !kernel_arg_base_type !22 !kernel_arg_type_qual !23 !kernel_arg_name !24 {
entry:
    #dbg_value(ptr addrspace(1) %winner, !11, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !25)
    #dbg_value(ptr addrspace(1) %out, !12, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !25)
  %call = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #2, !dbg !26
  %conv = trunc i64 %call to i32, !dbg !26
  store volatile i32 %conv, ptr addrspace(3) @groups.tile, align 4, !dbg !27, !tbaa !28
  %0 = load volatile i32, ptr addrspace(3) @groups.tile, align 4, !dbg !32, !tbaa !28
  %call1 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !33
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %call1, !dbg !34
  store i32 %0, ptr addrspace(1) %arrayidx, align 4, !dbg !35, !tbaa !28
  %call2 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #2, !dbg !36
  %conv3 = trunc i64 %call2 to i32, !dbg !36
  store i32 %conv3, ptr addrspace(1) %winner, align 4, !dbg !37, !tbaa !28
  ret void, !dbg !38
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !39 dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !44 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !45 dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent minsize nofree norecurse nounwind optsize memory(readwrite, argmem: write) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!14, !15, !16, !17}
!opencl.ocl.version = !{!18}
!opencl.spir.version = !{!18}
!llvm.ident = !{!19}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 7, type: !13, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "groups", scope: !3, file: !3, line: 5, type: !4, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !8, retainedNodes: !10)
!3 = !DIFile(filename: "tests/golden/races/groups.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "153bce45d94583d18477f7b0e935d231")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !6}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !9, splitDebugInlining: false, nameTableKind: None)
!9 = !{!0}
!10 = !{!11, !12}
!11 = !DILocalVariable(name: "winner", arg: 1, scope: !2, file: !3, line: 5, type: !6)
!12 = !DILocalVariable(name: "out", arg: 2, scope: !2, file: !3, line: 5, type: !6)
!13 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !7)
!14 = !{i32 7, !"Dwarf Version", i32 5}
!15 = !{i32 2, !"Debug Info Version", i32 3}
!16 = !{i32 1, !"wchar_size", i32 4}
!17 = !{i32 7, !"frame-pointer", i32 2}
!18 = !{i32 3, i32 0}
!19 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!20 = !{i32 1, i32 1}
!21 = !{!"none", !"none"}
!22 = !{!"int*", !"int*"}
!23 = !{!"", !""}
!24 = !{!"winner", !"out"}
!25 = !DILocation(line: 0, scope: !2)
!26 = !DILocation(line: 8, column: 10, scope: !2)
!27 = !DILocation(line: 8, column: 8, scope: !2)
!28 = !{!29, !29, i64 0}
!29 = !{!"int", !30, i64 0}
!30 = !{!"omnipotent char", !31, i64 0}
!31 = !{!"Simple C/C++ TBAA"}
!32 = !DILocation(line: 9, column: 27, scope: !2)
!33 = !DILocation(line: 9, column: 7, scope: !2)
!34 = !DILocation(line: 9, column: 3, scope: !2)
!35 = !DILocation(line: 9, column: 25, scope: !2)
!36 = !DILocation(line: 10, column: 15, scope: !2)
!37 = !DILocation(line: 10, column: 13, scope: !2)
!38 = !DILocation(line: 11, column: 1, scope: !2)
!39 = !DISubprogram(name: "get_local_id", linkageName: "_Z12get_local_idj", scope: !3, file: !3, line: 8, type: !40, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!40 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !41)
!41 = !{!42, !43}
!42 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!43 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!44 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !3, file: !3, line: 9, type: !40, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!45 = !DISubprogram(name: "get_group_id", linkageName: "_Z12get_group_idj", scope: !3, file: !3, line: 10, type: !40, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
