; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/atomics/c11.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@k.sum = internal addrspace(3) global i32 undef, align 4, !dbg !0
@k.flag = internal addrspace(3) global i32 undef, align 4, !dbg !35

; Function Attrs: convergent minsize norecurse nounwind optsize
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %counts, ptr addrspace(1) nocapture noundef writeonly align 4 %groups, ptr addrspace(1) noundef align 4 %flags) local_unnamed_addr #0 !dbg !2 !kernel_arg_addr_space !52 !kernel_arg_access_qual !53 !kernel_arg_type !54 !kernel_arg_base_type !55 !kernel_arg_type_qual !56 !kernel_arg_name !57 {
entry:
  %seen = alloca i32, align 4
    #dbg_value(ptr addrspace(1) %counts, !39, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
    #dbg_value(ptr addrspace(1) %groups, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
    #dbg_value(ptr addrspace(1) %flags, !41, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !59
  %conv = trunc i64 %call to i32, !dbg !59
    #dbg_value(i32 %conv, !42, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  %call1 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !60
  %conv2 = trunc i64 %call1 to i32, !dbg !60
    #dbg_value(i32 %conv2, !43, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  %call3 = tail call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #4, !dbg !61
  %conv4 = trunc i64 %call3 to i32, !dbg !61
    #dbg_value(i32 %conv4, !44, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  %cmp = icmp eq i32 %conv2, 0, !dbg !62
  br i1 %cmp, label %if.then, label %if.end, !dbg !64

if.then:                                          ; preds = %entry
  tail call spir_func void @_Z11atomic_initPU3AS4VU7_Atomicii(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.sum to ptr addrspace(4)), i32 noundef 0) #5, !dbg !65
  tail call spir_func void @_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.flag to ptr addrspace(4)), i32 noundef 0, i32 noundef 1) #5, !dbg !67
  br label %if.end, !dbg !68

if.end:                                           ; preds = %if.then, %entry
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5, !dbg !69
  %arrayidx.ascast = addrspacecast ptr addrspace(1) %counts to ptr addrspace(4), !dbg !70
  %call6 = tail call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx.ascast, i32 noundef 1, i32 noundef 0, i32 noundef 1) #5, !dbg !71
  %arrayidx7 = getelementptr inbounds i8, ptr addrspace(1) %counts, i64 4, !dbg !72
  %arrayidx7.ascast = addrspacecast ptr addrspace(1) %arrayidx7 to ptr addrspace(4), !dbg !73
  %call8 = tail call spir_func i32 @_Z25atomic_fetch_sub_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx7.ascast, i32 noundef 2, i32 noundef 0, i32 noundef 1) #5, !dbg !74
  %arrayidx9 = getelementptr inbounds i8, ptr addrspace(1) %counts, i64 8, !dbg !75
  %arrayidx9.ascast = addrspacecast ptr addrspace(1) %arrayidx9 to ptr addrspace(4), !dbg !76
  %call10 = tail call spir_func i32 @_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx9.ascast, i32 noundef %conv, i32 noundef 0, i32 noundef 1) #5, !dbg !77
  %arrayidx11 = getelementptr inbounds i8, ptr addrspace(1) %counts, i64 12, !dbg !78
  %arrayidx11.ascast = addrspacecast ptr addrspace(1) %arrayidx11 to ptr addrspace(4), !dbg !79
  %add = add i32 %conv, -16, !dbg !80
  %call12 = tail call spir_func i32 @_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx11.ascast, i32 noundef %add, i32 noundef 0, i32 noundef 1) #5, !dbg !81
  %arrayidx13 = getelementptr inbounds i8, ptr addrspace(1) %counts, i64 16, !dbg !82
  %arrayidx13.ascast = addrspacecast ptr addrspace(1) %arrayidx13 to ptr addrspace(4), !dbg !83
  %shl.mask = and i32 %conv, 31, !dbg !84
  %shl = shl nuw i32 1, %shl.mask, !dbg !84
  %call14 = tail call spir_func i32 @_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx13.ascast, i32 noundef %shl, i32 noundef 0, i32 noundef 1) #5, !dbg !85
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %seen) #6, !dbg !86
  %arrayidx15 = getelementptr inbounds i8, ptr addrspace(1) %counts, i64 20, !dbg !87
  %arrayidx15.ascast = addrspacecast ptr addrspace(1) %arrayidx15 to ptr addrspace(4), !dbg !88
  %call16 = tail call spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx15.ascast, i32 noundef 0, i32 noundef 1) #5, !dbg !89
    #dbg_value(i32 %call16, !45, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  store i32 %call16, ptr %seen, align 4, !dbg !90, !tbaa !91
  %seen.ascast = addrspacecast ptr %seen to ptr addrspace(4)
  %add18 = add i32 %conv, 1
  br label %while.cond, !dbg !95

while.cond:                                       ; preds = %while.cond, %if.end
  %0 = load i32, ptr %seen, align 4, !dbg !96, !tbaa !91
    #dbg_value(i32 %0, !45, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  %add19 = add i32 %add18, %0, !dbg !97
  %call20 = call spir_func zeroext i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(ptr addrspace(4) noundef %arrayidx15.ascast, ptr addrspace(4) noundef %seen.ascast, i32 noundef %add19, i32 noundef 0, i32 noundef 0, i32 noundef 1) #5, !dbg !98
  br i1 %call20, label %while.end, label %while.cond, !dbg !95, !llvm.loop !99

while.end:                                        ; preds = %while.cond
  %arrayidx21 = getelementptr inbounds i8, ptr addrspace(1) %counts, i64 24, !dbg !101
  %arrayidx21.ascast = addrspacecast ptr addrspace(1) %arrayidx21 to ptr addrspace(4), !dbg !102
  %call22 = call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) noundef %arrayidx21.ascast, i32 noundef %conv) #5, !dbg !103
  %shl.mask23 = and i32 %conv2, 31, !dbg !104
  %shl24 = shl nuw i32 1, %shl.mask23, !dbg !104
  %call25 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.sum to ptr addrspace(4)), i32 noundef %shl24, i32 noundef 0, i32 noundef 1) #5, !dbg !105
  %call26 = call spir_func zeroext i1 @_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.flag to ptr addrspace(4)), i32 noundef 0, i32 noundef 1) #5, !dbg !106
  br i1 %call26, label %if.end30, label %if.then27, !dbg !108

if.then27:                                        ; preds = %while.end
  %idxprom = sext i32 %conv4 to i64, !dbg !109
  %arrayidx28 = getelementptr inbounds i32, ptr addrspace(1) %flags, i64 %idxprom, !dbg !109
  %arrayidx28.ascast = addrspacecast ptr addrspace(1) %arrayidx28 to ptr addrspace(4), !dbg !110
  %call29 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx28.ascast, i32 noundef 1, i32 noundef 0, i32 noundef 1) #5, !dbg !111
  br label %if.end30, !dbg !111

if.end30:                                         ; preds = %if.then27, %while.end
  call spir_func void @_Z7barrierj(i32 noundef 1) #5, !dbg !112
  br i1 %cmp, label %if.then33, label %if.end37, !dbg !113

if.then33:                                        ; preds = %if.end30
  %call34 = call spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.sum to ptr addrspace(4)), i32 noundef 0, i32 noundef 1) #5, !dbg !114
  %idxprom35 = sext i32 %conv4 to i64, !dbg !116
  %arrayidx36 = getelementptr inbounds i32, ptr addrspace(1) %groups, i64 %idxprom35, !dbg !116
  store i32 %call34, ptr addrspace(1) %arrayidx36, align 4, !dbg !117, !tbaa !91
  br label %if.end37, !dbg !116

if.end37:                                         ; preds = %if.then33, %if.end30
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %seen) #6, !dbg !118
  ret void, !dbg !118
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !119 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !123 dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !124 dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !125 dso_local spir_func void @_Z11atomic_initPU3AS4VU7_Atomicii(ptr addrspace(4) noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !130 dso_local spir_func void @_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !135 dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !140 dso_local spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !143 dso_local spir_func i32 @_Z25atomic_fetch_sub_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !144 dso_local spir_func i32 @_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !145 dso_local spir_func i32 @_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !150 dso_local spir_func i32 @_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !151 dso_local spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !154 dso_local spir_func zeroext i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(ptr addrspace(4) noundef, ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !159 dso_local spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !162 dso_local spir_func zeroext i1 @_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent minsize norecurse nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }
attributes #5 = { convergent minsize nobuiltin nounwind optsize "no-builtins" }
attributes #6 = { nounwind }

!llvm.dbg.cu = !{!11}
!llvm.module.flags = !{!46, !47, !48, !49}
!opencl.ocl.version = !{!50}
!opencl.spir.version = !{!50}
!llvm.ident = !{!51}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "sum", scope: !2, file: !3, line: 14, type: !7, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 13, type: !4, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !11, retainedNodes: !38)
!3 = !DIFile(filename: "tests/golden/atomics/c11.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "eb5246b8e1c24da5131be1e054741043")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !10, !10}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "atomic_int", file: !3, baseType: !8)
!8 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !9)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64, dwarfAddressSpace: 1)
!11 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !12, retainedTypes: !30, globals: !34, splitDebugInlining: false, nameTableKind: None)
!12 = !{!13, !22}
!13 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "memory_order", file: !14, line: 422, baseType: !15, size: 32, elements: !16)
!14 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!15 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!16 = !{!17, !18, !19, !20, !21}
!17 = !DIEnumerator(name: "memory_order_relaxed", value: 0)
!18 = !DIEnumerator(name: "memory_order_acquire", value: 2)
!19 = !DIEnumerator(name: "memory_order_release", value: 3)
!20 = !DIEnumerator(name: "memory_order_acq_rel", value: 4)
!21 = !DIEnumerator(name: "memory_order_seq_cst", value: 5)
!22 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "memory_scope", file: !14, line: 388, baseType: !15, size: 32, elements: !23)
!23 = !{!24, !25, !26, !27, !28, !29}
!24 = !DIEnumerator(name: "memory_scope_work_item", value: 0)
!25 = !DIEnumerator(name: "memory_scope_work_group", value: 1)
!26 = !DIEnumerator(name: "memory_scope_device", value: 2)
!27 = !DIEnumerator(name: "memory_scope_all_svm_devices", value: 3)
!28 = !DIEnumerator(name: "memory_scope_all_devices", value: 3)
!29 = !DIEnumerator(name: "memory_scope_sub_group", value: 4)
!30 = !{!31, !6}
!31 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !32, size: 64, dwarfAddressSpace: 1)
!32 = !DIDerivedType(tag: DW_TAG_typedef, name: "atomic_uint", file: !3, baseType: !33)
!33 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !15)
!34 = !{!0, !35}
!35 = !DIGlobalVariableExpression(var: !36, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!36 = distinct !DIGlobalVariable(name: "flag", scope: !2, file: !3, line: 15, type: !37, isLocal: true, isDefinition: true)
!37 = !DIDerivedType(tag: DW_TAG_typedef, name: "atomic_flag", file: !3, baseType: !8)
!38 = !{!39, !40, !41, !42, !43, !44, !45}
!39 = !DILocalVariable(name: "counts", arg: 1, scope: !2, file: !3, line: 13, type: !6)
!40 = !DILocalVariable(name: "groups", arg: 2, scope: !2, file: !3, line: 13, type: !10)
!41 = !DILocalVariable(name: "flags", arg: 3, scope: !2, file: !3, line: 13, type: !10)
!42 = !DILocalVariable(name: "gid", scope: !2, file: !3, line: 16, type: !9)
!43 = !DILocalVariable(name: "lid", scope: !2, file: !3, line: 16, type: !9)
!44 = !DILocalVariable(name: "g", scope: !2, file: !3, line: 16, type: !9)
!45 = !DILocalVariable(name: "seen", scope: !2, file: !3, line: 28, type: !9)
!46 = !{i32 7, !"Dwarf Version", i32 5}
!47 = !{i32 2, !"Debug Info Version", i32 3}
!48 = !{i32 1, !"wchar_size", i32 4}
!49 = !{i32 7, !"frame-pointer", i32 2}
!50 = !{i32 3, i32 0}
!51 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!52 = !{i32 1, i32 1, i32 1}
!53 = !{!"none", !"none", !"none"}
!54 = !{!"atomic_int*", !"int*", !"int*"}
!55 = !{!"_Atomic(int)*", !"int*", !"int*"}
!56 = !{!"", !"", !""}
!57 = !{!"counts", !"groups", !"flags"}
!58 = !DILocation(line: 0, scope: !2)
!59 = !DILocation(line: 16, column: 13, scope: !2)
!60 = !DILocation(line: 16, column: 37, scope: !2)
!61 = !DILocation(line: 16, column: 58, scope: !2)
!62 = !DILocation(line: 17, column: 11, scope: !63)
!63 = distinct !DILexicalBlock(scope: !2, file: !3, line: 17, column: 7)
!64 = !DILocation(line: 17, column: 7, scope: !2)
!65 = !DILocation(line: 18, column: 5, scope: !66)
!66 = distinct !DILexicalBlock(scope: !63, file: !3, line: 17, column: 17)
!67 = !DILocation(line: 19, column: 5, scope: !66)
!68 = !DILocation(line: 20, column: 3, scope: !66)
!69 = !DILocation(line: 21, column: 3, scope: !2)
!70 = !DILocation(line: 22, column: 29, scope: !2)
!71 = !DILocation(line: 22, column: 3, scope: !2)
!72 = !DILocation(line: 23, column: 30, scope: !2)
!73 = !DILocation(line: 23, column: 29, scope: !2)
!74 = !DILocation(line: 23, column: 3, scope: !2)
!75 = !DILocation(line: 24, column: 30, scope: !2)
!76 = !DILocation(line: 24, column: 29, scope: !2)
!77 = !DILocation(line: 24, column: 3, scope: !2)
!78 = !DILocation(line: 25, column: 52, scope: !2)
!79 = !DILocation(line: 25, column: 29, scope: !2)
!80 = !DILocation(line: 25, column: 75, scope: !2)
!81 = !DILocation(line: 25, column: 3, scope: !2)
!82 = !DILocation(line: 27, column: 29, scope: !2)
!83 = !DILocation(line: 27, column: 28, scope: !2)
!84 = !DILocation(line: 27, column: 42, scope: !2)
!85 = !DILocation(line: 27, column: 3, scope: !2)
!86 = !DILocation(line: 28, column: 3, scope: !2)
!87 = !DILocation(line: 28, column: 36, scope: !2)
!88 = !DILocation(line: 28, column: 35, scope: !2)
!89 = !DILocation(line: 28, column: 14, scope: !2)
!90 = !DILocation(line: 28, column: 7, scope: !2)
!91 = !{!92, !92, i64 0}
!92 = !{!"int", !93, i64 0}
!93 = !{!"omnipotent char", !94, i64 0}
!94 = !{!"Simple C/C++ TBAA"}
!95 = !DILocation(line: 29, column: 3, scope: !2)
!96 = !DILocation(line: 29, column: 68, scope: !2)
!97 = !DILocation(line: 29, column: 79, scope: !2)
!98 = !DILocation(line: 29, column: 11, scope: !2)
!99 = distinct !{!99, !95, !100}
!100 = !DILocation(line: 32, column: 5, scope: !2)
!101 = !DILocation(line: 33, column: 21, scope: !2)
!102 = !DILocation(line: 33, column: 20, scope: !2)
!103 = !DILocation(line: 33, column: 3, scope: !2)
!104 = !DILocation(line: 34, column: 37, scope: !2)
!105 = !DILocation(line: 34, column: 3, scope: !2)
!106 = !DILocation(line: 35, column: 8, scope: !107)
!107 = distinct !DILexicalBlock(scope: !2, file: !3, line: 35, column: 7)
!108 = !DILocation(line: 35, column: 7, scope: !2)
!109 = !DILocation(line: 36, column: 53, scope: !107)
!110 = !DILocation(line: 36, column: 31, scope: !107)
!111 = !DILocation(line: 36, column: 5, scope: !107)
!112 = !DILocation(line: 38, column: 3, scope: !2)
!113 = !DILocation(line: 39, column: 7, scope: !2)
!114 = !DILocation(line: 40, column: 17, scope: !115)
!115 = distinct !DILexicalBlock(scope: !2, file: !3, line: 39, column: 7)
!116 = !DILocation(line: 40, column: 5, scope: !115)
!117 = !DILocation(line: 40, column: 15, scope: !115)
!118 = !DILocation(line: 41, column: 1, scope: !2)
!119 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !3, file: !3, line: 16, type: !120, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!120 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !121)
!121 = !{!122, !15}
!122 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!123 = !DISubprogram(name: "get_local_id", linkageName: "_Z12get_local_idj", scope: !3, file: !3, line: 16, type: !120, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!124 = !DISubprogram(name: "get_group_id", linkageName: "_Z12get_group_idj", scope: !3, file: !3, line: 16, type: !120, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!125 = !DISubprogram(name: "atomic_init", linkageName: "_Z11atomic_initPU3AS4VU7_Atomicii", scope: !3, file: !3, line: 18, type: !126, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!126 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !127)
!127 = !{null, !128, !9}
!128 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !129, size: 64, dwarfAddressSpace: 4)
!129 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !8)
!130 = !DISubprogram(name: "atomic_flag_clear_explicit", linkageName: "_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope", scope: !3, file: !3, line: 19, type: !131, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!131 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !132)
!132 = !{null, !133, !13, !22}
!133 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !134, size: 64, dwarfAddressSpace: 4)
!134 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !37)
!135 = !DISubprogram(name: "barrier", linkageName: "_Z7barrierj", scope: !3, file: !3, line: 21, type: !136, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!136 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !137)
!137 = !{null, !138}
!138 = !DIDerivedType(tag: DW_TAG_typedef, name: "cl_mem_fence_flags", file: !14, line: 372, baseType: !139)
!139 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !14, line: 129, baseType: !15)
!140 = !DISubprogram(name: "atomic_fetch_add_explicit", linkageName: "_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope", scope: !3, file: !3, line: 22, type: !141, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!141 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !142)
!142 = !{!9, !128, !9, !13, !22}
!143 = !DISubprogram(name: "atomic_fetch_sub_explicit", linkageName: "_Z25atomic_fetch_sub_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope", scope: !3, file: !3, line: 23, type: !141, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!144 = !DISubprogram(name: "atomic_fetch_max_explicit", linkageName: "_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope", scope: !3, file: !3, line: 24, type: !141, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!145 = !DISubprogram(name: "atomic_fetch_min_explicit", linkageName: "_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope", scope: !3, file: !3, line: 25, type: !146, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!146 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !147)
!147 = !{!15, !148, !15, !13, !22}
!148 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !149, size: 64, dwarfAddressSpace: 4)
!149 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !33)
!150 = !DISubprogram(name: "atomic_fetch_or_explicit", linkageName: "_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope", scope: !3, file: !3, line: 27, type: !141, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!151 = !DISubprogram(name: "atomic_load_explicit", linkageName: "_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope", scope: !3, file: !3, line: 28, type: !152, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!152 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !153)
!153 = !{!9, !128, !13, !22}
!154 = !DISubprogram(name: "atomic_compare_exchange_weak_explicit", linkageName: "_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope", scope: !3, file: !3, line: 29, type: !155, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!155 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !156)
!156 = !{!157, !128, !158, !9, !13, !13, !22}
!157 = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
!158 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64, dwarfAddressSpace: 4)
!159 = !DISubprogram(name: "atomic_fetch_add", linkageName: "_Z16atomic_fetch_addPU3AS4VU7_Atomicii", scope: !3, file: !3, line: 33, type: !160, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!160 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !161)
!161 = !{!9, !128, !9}
!162 = !DISubprogram(name: "atomic_flag_test_and_set_explicit", linkageName: "_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order12memory_scope", scope: !3, file: !3, line: 35, type: !163, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!163 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !164)
!164 = !{!157, !133, !13, !22}
