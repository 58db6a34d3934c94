; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/builtins/sub_groups.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent minsize norecurse nounwind optsize
define dso_local spir_kernel void @sg(ptr addrspace(1) nocapture noundef writeonly align 4 %info, ptr addrspace(1) nocapture noundef writeonly align 4 %sums, ptr addrspace(1) nocapture noundef writeonly align 4 %scan, ptr addrspace(1) nocapture noundef writeonly align 4 %bcast) local_unnamed_addr #0 !dbg !10 !kernel_arg_addr_space !28 !kernel_arg_access_qual !29 !kernel_arg_type !30 !kernel_arg_base_type !30 !kernel_arg_type_qual !31 !kernel_arg_name !32 {
entry:
    #dbg_value(ptr addrspace(1) %info, !19, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
    #dbg_value(ptr addrspace(1) %sums, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
    #dbg_value(ptr addrspace(1) %scan, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
    #dbg_value(ptr addrspace(1) %bcast, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  %call = tail call spir_func i64 @_Z19get_local_linear_idv() #3, !dbg !34
    #dbg_value(i64 %call, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  %call1 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !35
    #dbg_value(i64 %call1, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  %call2 = tail call spir_func i32 @_Z18get_sub_group_sizev() #3, !dbg !36
  %mul = shl i64 %call1, 2, !dbg !37
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %info, i64 %mul, !dbg !38
  store i32 %call2, ptr addrspace(1) %arrayidx, align 4, !dbg !39, !tbaa !40
  %call3 = tail call spir_func i32 @_Z16get_sub_group_idv() #3, !dbg !44
  %add5 = or disjoint i64 %mul, 1, !dbg !45
  %arrayidx6 = getelementptr inbounds i32, ptr addrspace(1) %info, i64 %add5, !dbg !46
  store i32 %call3, ptr addrspace(1) %arrayidx6, align 4, !dbg !47, !tbaa !40
  %call7 = tail call spir_func i32 @_Z22get_sub_group_local_idv() #3, !dbg !48
  %add9 = or disjoint i64 %mul, 2, !dbg !49
  %arrayidx10 = getelementptr inbounds i32, ptr addrspace(1) %info, i64 %add9, !dbg !50
  store i32 %call7, ptr addrspace(1) %arrayidx10, align 4, !dbg !51, !tbaa !40
  %call11 = tail call spir_func i32 @_Z18get_num_sub_groupsv() #3, !dbg !52
  %mul12 = mul i32 %call11, 100, !dbg !53
  %call13 = tail call spir_func i32 @_Z22get_max_sub_group_sizev() #3, !dbg !54
  %add14 = add i32 %mul12, %call13, !dbg !55
  %add16 = or disjoint i64 %mul, 3, !dbg !56
  %arrayidx17 = getelementptr inbounds i32, ptr addrspace(1) %info, i64 %add16, !dbg !57
  store i32 %add14, ptr addrspace(1) %arrayidx17, align 4, !dbg !58, !tbaa !40
  %conv = trunc i64 %call to i32, !dbg !59
  %add18 = add nsw i32 %conv, 1, !dbg !60
    #dbg_value(i32 %add18, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  %call19 = tail call spir_func i32 @_Z20sub_group_reduce_addi(i32 noundef %add18) #3, !dbg !61
  %arrayidx20 = getelementptr inbounds i32, ptr addrspace(1) %sums, i64 %call1, !dbg !62
  store i32 %call19, ptr addrspace(1) %arrayidx20, align 4, !dbg !63, !tbaa !40
  %call21 = tail call spir_func i32 @_Z28sub_group_scan_exclusive_addi(i32 noundef %add18) #3, !dbg !64
  %arrayidx22 = getelementptr inbounds i32, ptr addrspace(1) %scan, i64 %call1, !dbg !65
  store i32 %call21, ptr addrspace(1) %arrayidx22, align 4, !dbg !66, !tbaa !40
  tail call spir_func void @_Z17sub_group_barrierj(i32 noundef 1) #3, !dbg !67
  %call23 = tail call spir_func i32 @_Z19sub_group_broadcastij(i32 noundef %add18, i32 noundef 1) #3, !dbg !68
  %cmp = icmp sgt i32 %conv, 1, !dbg !69
  %conv24 = zext i1 %cmp to i32, !dbg !69
  %call25 = tail call spir_func i32 @_Z13sub_group_alli(i32 noundef %conv24) #3, !dbg !70
  %mul26 = mul nsw i32 %call25, 1000, !dbg !71
  %add27 = add nsw i32 %mul26, %call23, !dbg !72
  %cmp28 = icmp eq i32 %add18, 6, !dbg !73
  %conv29 = zext i1 %cmp28 to i32, !dbg !73
  %call30 = tail call spir_func i32 @_Z13sub_group_anyi(i32 noundef %conv29) #3, !dbg !74
  %mul31 = mul nsw i32 %call30, 10000, !dbg !75
  %add32 = add nsw i32 %add27, %mul31, !dbg !76
  %arrayidx33 = getelementptr inbounds i32, ptr addrspace(1) %bcast, i64 %call1, !dbg !77
  store i32 %add32, ptr addrspace(1) %arrayidx33, align 4, !dbg !78, !tbaa !40
  ret void, !dbg !79
}

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !80 dso_local spir_func i64 @_Z19get_local_linear_idv() local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !83 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !86 dso_local spir_func i32 @_Z18get_sub_group_sizev() local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !89 dso_local spir_func i32 @_Z16get_sub_group_idv() local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !90 dso_local spir_func i32 @_Z22get_sub_group_local_idv() local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !91 dso_local spir_func i32 @_Z18get_num_sub_groupsv() local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !92 dso_local spir_func i32 @_Z22get_max_sub_group_sizev() local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !93 dso_local spir_func i32 @_Z20sub_group_reduce_addi(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !96 dso_local spir_func i32 @_Z28sub_group_scan_exclusive_addi(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !97 dso_local spir_func void @_Z17sub_group_barrierj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !101 dso_local spir_func i32 @_Z19sub_group_broadcastij(i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !104 dso_local spir_func i32 @_Z13sub_group_alli(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !105 dso_local spir_func i32 @_Z13sub_group_anyi(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent minsize norecurse nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nobuiltin nounwind optsize "no-builtins" }
attributes #4 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7}
!opencl.ocl.version = !{!8}
!opencl.spir.version = !{!8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/builtins/sub_groups.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "b2290ea88789ead6762fb8e50a003f1c")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{i32 3, i32 0}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "sg", scope: !1, file: !1, line: 8, type: !11, scopeLine: 10, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !18)
!11 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !12)
!12 = !{null, !13, !17, !17, !17}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !15, line: 129, baseType: !16)
!15 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!16 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1)
!18 = !{!19, !20, !21, !22, !23, !26, !27}
!19 = !DILocalVariable(name: "info", arg: 1, scope: !10, file: !1, line: 8, type: !13)
!20 = !DILocalVariable(name: "sums", arg: 2, scope: !10, file: !1, line: 8, type: !17)
!21 = !DILocalVariable(name: "scan", arg: 3, scope: !10, file: !1, line: 8, type: !17)
!22 = !DILocalVariable(name: "bcast", arg: 4, scope: !10, file: !1, line: 9, type: !17)
!23 = !DILocalVariable(name: "l", scope: !10, file: !1, line: 11, type: !24)
!24 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !15, line: 142, baseType: !25)
!25 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!26 = !DILocalVariable(name: "g", scope: !10, file: !1, line: 12, type: !24)
!27 = !DILocalVariable(name: "v", scope: !10, file: !1, line: 17, type: !3)
!28 = !{i32 1, i32 1, i32 1, i32 1}
!29 = !{!"none", !"none", !"none", !"none"}
!30 = !{!"uint*", !"int*", !"int*", !"int*"}
!31 = !{!"", !"", !"", !""}
!32 = !{!"info", !"sums", !"scan", !"bcast"}
!33 = !DILocation(line: 0, scope: !10)
!34 = !DILocation(line: 11, column: 14, scope: !10)
!35 = !DILocation(line: 12, column: 14, scope: !10)
!36 = !DILocation(line: 13, column: 21, scope: !10)
!37 = !DILocation(line: 13, column: 10, scope: !10)
!38 = !DILocation(line: 13, column: 3, scope: !10)
!39 = !DILocation(line: 13, column: 19, scope: !10)
!40 = !{!41, !41, i64 0}
!41 = !{!"int", !42, i64 0}
!42 = !{!"omnipotent char", !43, i64 0}
!43 = !{!"Simple C/C++ TBAA"}
!44 = !DILocation(line: 14, column: 21, scope: !10)
!45 = !DILocation(line: 14, column: 14, scope: !10)
!46 = !DILocation(line: 14, column: 3, scope: !10)
!47 = !DILocation(line: 14, column: 19, scope: !10)
!48 = !DILocation(line: 15, column: 21, scope: !10)
!49 = !DILocation(line: 15, column: 14, scope: !10)
!50 = !DILocation(line: 15, column: 3, scope: !10)
!51 = !DILocation(line: 15, column: 19, scope: !10)
!52 = !DILocation(line: 16, column: 21, scope: !10)
!53 = !DILocation(line: 16, column: 42, scope: !10)
!54 = !DILocation(line: 16, column: 50, scope: !10)
!55 = !DILocation(line: 16, column: 48, scope: !10)
!56 = !DILocation(line: 16, column: 14, scope: !10)
!57 = !DILocation(line: 16, column: 3, scope: !10)
!58 = !DILocation(line: 16, column: 19, scope: !10)
!59 = !DILocation(line: 17, column: 11, scope: !10)
!60 = !DILocation(line: 17, column: 18, scope: !10)
!61 = !DILocation(line: 18, column: 13, scope: !10)
!62 = !DILocation(line: 18, column: 3, scope: !10)
!63 = !DILocation(line: 18, column: 11, scope: !10)
!64 = !DILocation(line: 19, column: 13, scope: !10)
!65 = !DILocation(line: 19, column: 3, scope: !10)
!66 = !DILocation(line: 19, column: 11, scope: !10)
!67 = !DILocation(line: 20, column: 3, scope: !10)
!68 = !DILocation(line: 21, column: 14, scope: !10)
!69 = !DILocation(line: 21, column: 65, scope: !10)
!70 = !DILocation(line: 21, column: 49, scope: !10)
!71 = !DILocation(line: 21, column: 47, scope: !10)
!72 = !DILocation(line: 21, column: 40, scope: !10)
!73 = !DILocation(line: 22, column: 40, scope: !10)
!74 = !DILocation(line: 22, column: 24, scope: !10)
!75 = !DILocation(line: 22, column: 22, scope: !10)
!76 = !DILocation(line: 22, column: 14, scope: !10)
!77 = !DILocation(line: 21, column: 3, scope: !10)
!78 = !DILocation(line: 21, column: 12, scope: !10)
!79 = !DILocation(line: 23, column: 1, scope: !10)
!80 = !DISubprogram(name: "get_local_linear_id", linkageName: "_Z19get_local_linear_idv", scope: !1, file: !1, line: 11, type: !81, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!81 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !82)
!82 = !{!25}
!83 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !1, file: !1, line: 12, type: !84, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!84 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !85)
!85 = !{!25, !16}
!86 = !DISubprogram(name: "get_sub_group_size", linkageName: "_Z18get_sub_group_sizev", scope: !1, file: !1, line: 13, type: !87, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!87 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !88)
!88 = !{!16}
!89 = !DISubprogram(name: "get_sub_group_id", linkageName: "_Z16get_sub_group_idv", scope: !1, file: !1, line: 14, type: !87, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!90 = !DISubprogram(name: "get_sub_group_local_id", linkageName: "_Z22get_sub_group_local_idv", scope: !1, file: !1, line: 15, type: !87, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!91 = !DISubprogram(name: "get_num_sub_groups", linkageName: "_Z18get_num_sub_groupsv", scope: !1, file: !1, line: 16, type: !87, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!92 = !DISubprogram(name: "get_max_sub_group_size", linkageName: "_Z22get_max_sub_group_sizev", scope: !1, file: !1, line: 16, type: !87, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!93 = !DISubprogram(name: "sub_group_reduce_add", linkageName: "_Z20sub_group_reduce_addi", scope: !1, file: !1, line: 18, type: !94, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!94 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !95)
!95 = !{!3, !3}
!96 = !DISubprogram(name: "sub_group_scan_exclusive_add", linkageName: "_Z28sub_group_scan_exclusive_addi", scope: !1, file: !1, line: 19, type: !94, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!97 = !DISubprogram(name: "sub_group_barrier", linkageName: "_Z17sub_group_barrierj", scope: !1, file: !1, line: 20, type: !98, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!98 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !99)
!99 = !{null, !100}
!100 = !DIDerivedType(tag: DW_TAG_typedef, name: "cl_mem_fence_flags", file: !15, line: 372, baseType: !14)
!101 = !DISubprogram(name: "sub_group_broadcast", linkageName: "_Z19sub_group_broadcastij", scope: !1, file: !1, line: 21, type: !102, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!102 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !103)
!103 = !{!3, !3, !16}
!104 = !DISubprogram(name: "sub_group_all", linkageName: "_Z13sub_group_alli", scope: !1, file: !1, line: 21, type: !94, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!105 = !DISubprogram(name: "sub_group_any", linkageName: "_Z13sub_group_anyi", scope: !1, file: !1, line: 22, type: !94, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
