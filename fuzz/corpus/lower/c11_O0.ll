; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/atomics/c11.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@k.sum = internal addrspace(3) global i32 undef, align 4, !dbg !0
@k.flag = internal addrspace(3) global i32 undef, align 4, !dbg !35

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %counts, ptr addrspace(1) noundef align 4 %groups, ptr addrspace(1) noundef align 4 %flags) #0 !dbg !2 !kernel_arg_addr_space !45 !kernel_arg_access_qual !46 !kernel_arg_type !47 !kernel_arg_base_type !48 !kernel_arg_type_qual !49 !kernel_arg_name !50 {
entry:
  %counts.addr = alloca ptr addrspace(1), align 8
  %groups.addr = alloca ptr addrspace(1), align 8
  %flags.addr = alloca ptr addrspace(1), align 8
  %gid = alloca i32, align 4
  %lid = alloca i32, align 4
  %g = alloca i32, align 4
  %seen = alloca i32, align 4
  store ptr addrspace(1) %counts, ptr %counts.addr, align 8
    #dbg_declare(ptr %counts.addr, !51, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !52)
  store ptr addrspace(1) %groups, ptr %groups.addr, align 8
    #dbg_declare(ptr %groups.addr, !53, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !54)
  store ptr addrspace(1) %flags, ptr %flags.addr, align 8
    #dbg_declare(ptr %flags.addr, !55, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !56)
    #dbg_declare(ptr %gid, !57, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !58)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !59
  %conv = trunc i64 %call to i32, !dbg !59
  store i32 %conv, ptr %gid, align 4, !dbg !58
    #dbg_declare(ptr %lid, !60, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !61)
  %call1 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3, !dbg !62
  %conv2 = trunc i64 %call1 to i32, !dbg !62
  store i32 %conv2, ptr %lid, align 4, !dbg !61
    #dbg_declare(ptr %g, !63, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !64)
  %call3 = call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3, !dbg !65
  %conv4 = trunc i64 %call3 to i32, !dbg !65
  store i32 %conv4, ptr %g, align 4, !dbg !64
  %0 = load i32, ptr %lid, align 4, !dbg !66
  %cmp = icmp eq i32 %0, 0, !dbg !68
  br i1 %cmp, label %if.then, label %if.end, !dbg !69

if.then:                                          ; preds = %entry
  call spir_func void @_Z11atomic_initPU3AS4VU7_Atomicii(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.sum to ptr addrspace(4)), i32 noundef 0) #4, !dbg !70
  call spir_func void @_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.flag to ptr addrspace(4)), i32 noundef 0, i32 noundef 1) #4, !dbg !72
  br label %if.end, !dbg !73

if.end:                                           ; preds = %if.then, %entry
  call spir_func void @_Z7barrierj(i32 noundef 1) #4, !dbg !74
  %1 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !75
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %1, i64 0, !dbg !75
  %arrayidx.ascast = addrspacecast ptr addrspace(1) %arrayidx to ptr addrspace(4), !dbg !76
  %call6 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx.ascast, i32 noundef 1, i32 noundef 0, i32 noundef 1) #4, !dbg !77
  %2 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !78
  %arrayidx7 = getelementptr inbounds i32, ptr addrspace(1) %2, i64 1, !dbg !78
  %arrayidx7.ascast = addrspacecast ptr addrspace(1) %arrayidx7 to ptr addrspace(4), !dbg !79
  %call8 = call spir_func i32 @_Z25atomic_fetch_sub_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx7.ascast, i32 noundef 2, i32 noundef 0, i32 noundef 1) #4, !dbg !80
  %3 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !81
  %arrayidx9 = getelementptr inbounds i32, ptr addrspace(1) %3, i64 2, !dbg !81
  %arrayidx9.ascast = addrspacecast ptr addrspace(1) %arrayidx9 to ptr addrspace(4), !dbg !82
  %4 = load i32, ptr %gid, align 4, !dbg !83
  %call10 = call spir_func i32 @_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx9.ascast, i32 noundef %4, i32 noundef 0, i32 noundef 1) #4, !dbg !84
  %5 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !85
  %arrayidx11 = getelementptr inbounds i32, ptr addrspace(1) %5, i64 3, !dbg !85
  %arrayidx11.ascast = addrspacecast ptr addrspace(1) %arrayidx11 to ptr addrspace(4), !dbg !86
  %6 = load i32, ptr %gid, align 4, !dbg !87
  %add = add i32 -16, %6, !dbg !88
  %call12 = call spir_func i32 @_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx11.ascast, i32 noundef %add, i32 noundef 0, i32 noundef 1) #4, !dbg !89
  %7 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !90
  %arrayidx13 = getelementptr inbounds i32, ptr addrspace(1) %7, i64 4, !dbg !90
  %arrayidx13.ascast = addrspacecast ptr addrspace(1) %arrayidx13 to ptr addrspace(4), !dbg !91
  %8 = load i32, ptr %gid, align 4, !dbg !92
  %shl.mask = and i32 %8, 31, !dbg !93
  %shl = shl i32 1, %shl.mask, !dbg !93
  %call14 = call spir_func i32 @_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx13.ascast, i32 noundef %shl, i32 noundef 0, i32 noundef 1) #4, !dbg !94
    #dbg_declare(ptr %seen, !95, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !96)
  %9 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !97
  %arrayidx15 = getelementptr inbounds i32, ptr addrspace(1) %9, i64 5, !dbg !97
  %arrayidx15.ascast = addrspacecast ptr addrspace(1) %arrayidx15 to ptr addrspace(4), !dbg !98
  %call16 = call spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx15.ascast, i32 noundef 0, i32 noundef 1) #4, !dbg !99
  store i32 %call16, ptr %seen, align 4, !dbg !96
  br label %while.cond, !dbg !100

while.cond:                                       ; preds = %while.body, %if.end
  %10 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !101
  %arrayidx17 = getelementptr inbounds i32, ptr addrspace(1) %10, i64 5, !dbg !101
  %arrayidx17.ascast = addrspacecast ptr addrspace(1) %arrayidx17 to ptr addrspace(4), !dbg !102
  %seen.ascast = addrspacecast ptr %seen to ptr addrspace(4), !dbg !103
  %11 = load i32, ptr %seen, align 4, !dbg !104
  %12 = load i32, ptr %gid, align 4, !dbg !105
  %add18 = add nsw i32 %11, %12, !dbg !106
  %add19 = add nsw i32 %add18, 1, !dbg !107
  %call20 = call spir_func zeroext i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(ptr addrspace(4) noundef %arrayidx17.ascast, ptr addrspace(4) noundef %seen.ascast, i32 noundef %add19, i32 noundef 0, i32 noundef 0, i32 noundef 1) #4, !dbg !108
  %lnot = xor i1 %call20, true, !dbg !109
  br i1 %lnot, label %while.body, label %while.end, !dbg !100

while.body:                                       ; preds = %while.cond
  br label %while.cond, !dbg !100, !llvm.loop !110

while.end:                                        ; preds = %while.cond
  %13 = load ptr addrspace(1), ptr %counts.addr, align 8, !dbg !112
  %arrayidx21 = getelementptr inbounds i32, ptr addrspace(1) %13, i64 6, !dbg !112
  %arrayidx21.ascast = addrspacecast ptr addrspace(1) %arrayidx21 to ptr addrspace(4), !dbg !113
  %14 = load i32, ptr %gid, align 4, !dbg !114
  %call22 = call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) noundef %arrayidx21.ascast, i32 noundef %14) #4, !dbg !115
  %15 = load i32, ptr %lid, align 4, !dbg !116
  %shl.mask23 = and i32 %15, 31, !dbg !117
  %shl24 = shl i32 1, %shl.mask23, !dbg !117
  %call25 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.sum to ptr addrspace(4)), i32 noundef %shl24, i32 noundef 0, i32 noundef 1) #4, !dbg !118
  %call26 = call spir_func zeroext i1 @_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.flag to ptr addrspace(4)), i32 noundef 0, i32 noundef 1) #4, !dbg !119
  br i1 %call26, label %if.end30, label %if.then27, !dbg !121

if.then27:                                        ; preds = %while.end
  %16 = load ptr addrspace(1), ptr %flags.addr, align 8, !dbg !122
  %17 = load i32, ptr %g, align 4, !dbg !123
  %idxprom = sext i32 %17 to i64, !dbg !122
  %arrayidx28 = getelementptr inbounds i32, ptr addrspace(1) %16, i64 %idxprom, !dbg !122
  %arrayidx28.ascast = addrspacecast ptr addrspace(1) %arrayidx28 to ptr addrspace(4), !dbg !124
  %call29 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef %arrayidx28.ascast, i32 noundef 1, i32 noundef 0, i32 noundef 1) #4, !dbg !125
  br label %if.end30, !dbg !125

if.end30:                                         ; preds = %if.then27, %while.end
  call spir_func void @_Z7barrierj(i32 noundef 1) #4, !dbg !126
  %18 = load i32, ptr %lid, align 4, !dbg !127
  %cmp31 = icmp eq i32 %18, 0, !dbg !129
  br i1 %cmp31, label %if.then33, label %if.end37, !dbg !130

if.then33:                                        ; preds = %if.end30
  %call34 = call spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef addrspacecast (ptr addrspace(3) @k.sum to ptr addrspace(4)), i32 noundef 0, i32 noundef 1) #4, !dbg !131
  %19 = load ptr addrspace(1), ptr %groups.addr, align 8, !dbg !132
  %20 = load i32, ptr %g, align 4, !dbg !133
  %idxprom35 = sext i32 %20 to i64, !dbg !132
  %arrayidx36 = getelementptr inbounds i32, ptr addrspace(1) %19, i64 %idxprom35, !dbg !132
  store i32 %call34, ptr addrspace(1) %arrayidx36, align 4, !dbg !134
  br label %if.end37, !dbg !132

if.end37:                                         ; preds = %if.then33, %if.end30
  ret void, !dbg !135
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z11atomic_initPU3AS4VU7_Atomicii(ptr addrspace(4) noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z26atomic_flag_clear_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z7barrierj(i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z25atomic_fetch_sub_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z25atomic_fetch_max_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z25atomic_fetch_min_explicitPU3AS4VU7_Atomicjj12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z24atomic_fetch_or_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z20atomic_load_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func zeroext i1 @_Z37atomic_compare_exchange_weak_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_12memory_scope(ptr addrspace(4) noundef, ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) noundef, i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func zeroext i1 @_Z33atomic_flag_test_and_set_explicitPU3AS4VU7_Atomici12memory_order12memory_scope(ptr addrspace(4) noundef, i32 noundef, i32 noundef) #2

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }
attributes #4 = { convergent nobuiltin nounwind "no-builtins" }

!llvm.dbg.cu = !{!11}
!llvm.module.flags = !{!39, !40, !41, !42}
!opencl.ocl.version = !{!43}
!opencl.spir.version = !{!43}
!llvm.ident = !{!44}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "sum", scope: !2, file: !3, line: 14, type: !7, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 13, type: !4, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !11, retainedNodes: !38)
!3 = !DIFile(filename: "tests/golden/atomics/c11.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "eb5246b8e1c24da5131be1e054741043")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !10, !10}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "atomic_int", file: !3, baseType: !8)
!8 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !9)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64, dwarfAddressSpace: 1)
!11 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !12, retainedTypes: !30, globals: !34, splitDebugInlining: false, nameTableKind: None)
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
!38 = !{}
!39 = !{i32 7, !"Dwarf Version", i32 5}
!40 = !{i32 2, !"Debug Info Version", i32 3}
!41 = !{i32 1, !"wchar_size", i32 4}
!42 = !{i32 7, !"frame-pointer", i32 2}
!43 = !{i32 3, i32 0}
!44 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!45 = !{i32 1, i32 1, i32 1}
!46 = !{!"none", !"none", !"none"}
!47 = !{!"atomic_int*", !"int*", !"int*"}
!48 = !{!"_Atomic(int)*", !"int*", !"int*"}
!49 = !{!"", !"", !""}
!50 = !{!"counts", !"groups", !"flags"}
!51 = !DILocalVariable(name: "counts", arg: 1, scope: !2, file: !3, line: 13, type: !6)
!52 = !DILocation(line: 13, column: 34, scope: !2)
!53 = !DILocalVariable(name: "groups", arg: 2, scope: !2, file: !3, line: 13, type: !10)
!54 = !DILocation(line: 13, column: 54, scope: !2)
!55 = !DILocalVariable(name: "flags", arg: 3, scope: !2, file: !3, line: 13, type: !10)
!56 = !DILocation(line: 13, column: 74, scope: !2)
!57 = !DILocalVariable(name: "gid", scope: !2, file: !3, line: 16, type: !9)
!58 = !DILocation(line: 16, column: 7, scope: !2)
!59 = !DILocation(line: 16, column: 13, scope: !2)
!60 = !DILocalVariable(name: "lid", scope: !2, file: !3, line: 16, type: !9)
!61 = !DILocation(line: 16, column: 31, scope: !2)
!62 = !DILocation(line: 16, column: 37, scope: !2)
!63 = !DILocalVariable(name: "g", scope: !2, file: !3, line: 16, type: !9)
!64 = !DILocation(line: 16, column: 54, scope: !2)
!65 = !DILocation(line: 16, column: 58, scope: !2)
!66 = !DILocation(line: 17, column: 7, scope: !67)
!67 = distinct !DILexicalBlock(scope: !2, file: !3, line: 17, column: 7)
!68 = !DILocation(line: 17, column: 11, scope: !67)
!69 = !DILocation(line: 17, column: 7, scope: !2)
!70 = !DILocation(line: 18, column: 5, scope: !71)
!71 = distinct !DILexicalBlock(scope: !67, file: !3, line: 17, column: 17)
!72 = !DILocation(line: 19, column: 5, scope: !71)
!73 = !DILocation(line: 20, column: 3, scope: !71)
!74 = !DILocation(line: 21, column: 3, scope: !2)
!75 = !DILocation(line: 22, column: 30, scope: !2)
!76 = !DILocation(line: 22, column: 29, scope: !2)
!77 = !DILocation(line: 22, column: 3, scope: !2)
!78 = !DILocation(line: 23, column: 30, scope: !2)
!79 = !DILocation(line: 23, column: 29, scope: !2)
!80 = !DILocation(line: 23, column: 3, scope: !2)
!81 = !DILocation(line: 24, column: 30, scope: !2)
!82 = !DILocation(line: 24, column: 29, scope: !2)
!83 = !DILocation(line: 24, column: 41, scope: !2)
!84 = !DILocation(line: 24, column: 3, scope: !2)
!85 = !DILocation(line: 25, column: 52, scope: !2)
!86 = !DILocation(line: 25, column: 29, scope: !2)
!87 = !DILocation(line: 25, column: 77, scope: !2)
!88 = !DILocation(line: 25, column: 75, scope: !2)
!89 = !DILocation(line: 25, column: 3, scope: !2)
!90 = !DILocation(line: 27, column: 29, scope: !2)
!91 = !DILocation(line: 27, column: 28, scope: !2)
!92 = !DILocation(line: 27, column: 45, scope: !2)
!93 = !DILocation(line: 27, column: 42, scope: !2)
!94 = !DILocation(line: 27, column: 3, scope: !2)
!95 = !DILocalVariable(name: "seen", scope: !2, file: !3, line: 28, type: !9)
!96 = !DILocation(line: 28, column: 7, scope: !2)
!97 = !DILocation(line: 28, column: 36, scope: !2)
!98 = !DILocation(line: 28, column: 35, scope: !2)
!99 = !DILocation(line: 28, column: 14, scope: !2)
!100 = !DILocation(line: 29, column: 3, scope: !2)
!101 = !DILocation(line: 29, column: 50, scope: !2)
!102 = !DILocation(line: 29, column: 49, scope: !2)
!103 = !DILocation(line: 29, column: 61, scope: !2)
!104 = !DILocation(line: 29, column: 68, scope: !2)
!105 = !DILocation(line: 29, column: 75, scope: !2)
!106 = !DILocation(line: 29, column: 73, scope: !2)
!107 = !DILocation(line: 29, column: 79, scope: !2)
!108 = !DILocation(line: 29, column: 11, scope: !2)
!109 = !DILocation(line: 29, column: 10, scope: !2)
!110 = distinct !{!110, !100, !111}
!111 = !DILocation(line: 32, column: 5, scope: !2)
!112 = !DILocation(line: 33, column: 21, scope: !2)
!113 = !DILocation(line: 33, column: 20, scope: !2)
!114 = !DILocation(line: 33, column: 32, scope: !2)
!115 = !DILocation(line: 33, column: 3, scope: !2)
!116 = !DILocation(line: 34, column: 40, scope: !2)
!117 = !DILocation(line: 34, column: 37, scope: !2)
!118 = !DILocation(line: 34, column: 3, scope: !2)
!119 = !DILocation(line: 35, column: 8, scope: !120)
!120 = distinct !DILexicalBlock(scope: !2, file: !3, line: 35, column: 7)
!121 = !DILocation(line: 35, column: 7, scope: !2)
!122 = !DILocation(line: 36, column: 53, scope: !120)
!123 = !DILocation(line: 36, column: 59, scope: !120)
!124 = !DILocation(line: 36, column: 31, scope: !120)
!125 = !DILocation(line: 36, column: 5, scope: !120)
!126 = !DILocation(line: 38, column: 3, scope: !2)
!127 = !DILocation(line: 39, column: 7, scope: !128)
!128 = distinct !DILexicalBlock(scope: !2, file: !3, line: 39, column: 7)
!129 = !DILocation(line: 39, column: 11, scope: !128)
!130 = !DILocation(line: 39, column: 7, scope: !2)
!131 = !DILocation(line: 40, column: 17, scope: !128)
!132 = !DILocation(line: 40, column: 5, scope: !128)
!133 = !DILocation(line: 40, column: 12, scope: !128)
!134 = !DILocation(line: 40, column: 15, scope: !128)
!135 = !DILocation(line: 41, column: 1, scope: !2)
