; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/barrier/async_copy.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@k.tile = internal addrspace(3) global [8 x i32] undef, align 4, !dbg !0
@k.evens = internal addrspace(3) global [4 x i32] undef, align 4, !dbg !12

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %strided) #0 !dbg !2 !kernel_arg_addr_space !27 !kernel_arg_access_qual !28 !kernel_arg_type !29 !kernel_arg_base_type !29 !kernel_arg_type_qual !30 !kernel_arg_name !31 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %strided.addr = alloca ptr addrspace(1), align 8
  %l = alloca i32, align 4
  %g = alloca i32, align 4
  %e = alloca target("spirv.Event"), align 8
  %f = alloca [2 x target("spirv.Event")], align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8
    #dbg_declare(ptr %in.addr, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
  store ptr addrspace(1) %strided, ptr %strided.addr, align 8
    #dbg_declare(ptr %strided.addr, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !37)
    #dbg_declare(ptr %l, !38, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !39)
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3, !dbg !40
  %conv = trunc i64 %call to i32, !dbg !40
  store i32 %conv, ptr %l, align 4, !dbg !39
    #dbg_declare(ptr %g, !41, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !42)
  %call1 = call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #3, !dbg !43
  %conv2 = trunc i64 %call1 to i32, !dbg !43
  store i32 %conv2, ptr %g, align 4, !dbg !42
    #dbg_declare(ptr %e, !44, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !48)
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !49
  %1 = load i32, ptr %g, align 4, !dbg !50
  %mul = mul nsw i32 %1, 8, !dbg !51
  %idx.ext = sext i32 %mul to i64, !dbg !52
  %add.ptr = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %idx.ext, !dbg !52
  %call3 = call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef @k.tile, ptr addrspace(1) noundef %add.ptr, i64 noundef 8, target("spirv.Event") zeroinitializer) #4, !dbg !53
  store target("spirv.Event") %call3, ptr %e, align 8, !dbg !48
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !54
  %3 = load i32, ptr %g, align 4, !dbg !55
  %mul4 = mul nsw i32 %3, 8, !dbg !56
  %idx.ext5 = sext i32 %mul4 to i64, !dbg !57
  %add.ptr6 = getelementptr inbounds i32, ptr addrspace(1) %2, i64 %idx.ext5, !dbg !57
  %4 = load target("spirv.Event"), ptr %e, align 8, !dbg !58
  %call7 = call spir_func target("spirv.Event") @_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event(ptr addrspace(3) noundef @k.evens, ptr addrspace(1) noundef %add.ptr6, i64 noundef 4, i64 noundef 2, target("spirv.Event") %4) #4, !dbg !59
  store target("spirv.Event") %call7, ptr %e, align 8, !dbg !60
  %e.ascast = addrspacecast ptr %e to ptr addrspace(4), !dbg !61
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 1, ptr addrspace(4) noundef %e.ascast) #4, !dbg !62
  %5 = load i32, ptr %l, align 4, !dbg !63
  %idxprom = sext i32 %5 to i64, !dbg !64
  %arrayidx = getelementptr inbounds [8 x i32], ptr addrspace(3) @k.tile, i64 0, i64 %idxprom, !dbg !64
  %6 = load i32, ptr addrspace(3) %arrayidx, align 4, !dbg !65
  %mul8 = mul nsw i32 %6, 2, !dbg !65
  store i32 %mul8, ptr addrspace(3) %arrayidx, align 4, !dbg !65
  %7 = load i32, ptr %l, align 4, !dbg !66
  %add = add nsw i32 %7, 4, !dbg !67
  %idxprom9 = sext i32 %add to i64, !dbg !68
  %arrayidx10 = getelementptr inbounds [8 x i32], ptr addrspace(3) @k.tile, i64 0, i64 %idxprom9, !dbg !68
  %8 = load i32, ptr addrspace(3) %arrayidx10, align 4, !dbg !69
  %add11 = add nsw i32 %8, 100, !dbg !69
  store i32 %add11, ptr addrspace(3) %arrayidx10, align 4, !dbg !69
  %9 = load i32, ptr %l, align 4, !dbg !70
  %idxprom12 = sext i32 %9 to i64, !dbg !71
  %arrayidx13 = getelementptr inbounds [4 x i32], ptr addrspace(3) @k.evens, i64 0, i64 %idxprom12, !dbg !71
  %10 = load i32, ptr addrspace(3) %arrayidx13, align 4, !dbg !71
  %sub = sub nsw i32 0, %10, !dbg !72
  %11 = load i32, ptr %l, align 4, !dbg !73
  %idxprom14 = sext i32 %11 to i64, !dbg !74
  %arrayidx15 = getelementptr inbounds [4 x i32], ptr addrspace(3) @k.evens, i64 0, i64 %idxprom14, !dbg !74
  store i32 %sub, ptr addrspace(3) %arrayidx15, align 4, !dbg !75
  call spir_func void @_Z7barrierj(i32 noundef 1) #4, !dbg !76
    #dbg_declare(ptr %f, !77, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !81)
  %12 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !82
  %13 = load i32, ptr %g, align 4, !dbg !83
  %mul16 = mul nsw i32 %13, 8, !dbg !84
  %idx.ext17 = sext i32 %mul16 to i64, !dbg !85
  %add.ptr18 = getelementptr inbounds i32, ptr addrspace(1) %12, i64 %idx.ext17, !dbg !85
  %call19 = call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event(ptr addrspace(1) noundef %add.ptr18, ptr addrspace(3) noundef @k.tile, i64 noundef 8, target("spirv.Event") zeroinitializer) #4, !dbg !86
  %arrayidx20 = getelementptr inbounds [2 x target("spirv.Event")], ptr %f, i64 0, i64 0, !dbg !87
  store target("spirv.Event") %call19, ptr %arrayidx20, align 8, !dbg !88
  %14 = load ptr addrspace(1), ptr %strided.addr, align 8, !dbg !89
  %15 = load i32, ptr %g, align 4, !dbg !90
  %mul21 = mul nsw i32 %15, 4, !dbg !91
  %idx.ext22 = sext i32 %mul21 to i64, !dbg !92
  %add.ptr23 = getelementptr inbounds i32, ptr addrspace(1) %14, i64 %idx.ext22, !dbg !92
  %call24 = call spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event(ptr addrspace(1) noundef %add.ptr23, ptr addrspace(3) noundef @k.evens, i64 noundef 4, target("spirv.Event") zeroinitializer) #4, !dbg !93
  %arrayidx25 = getelementptr inbounds [2 x target("spirv.Event")], ptr %f, i64 0, i64 1, !dbg !94
  store target("spirv.Event") %call24, ptr %arrayidx25, align 8, !dbg !95
  %arraydecay = getelementptr inbounds [2 x target("spirv.Event")], ptr %f, i64 0, i64 0, !dbg !96
  %arraydecay.ascast = addrspacecast ptr %arraydecay to ptr addrspace(4), !dbg !96
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef 2, ptr addrspace(4) noundef %arraydecay.ascast) #4, !dbg !97
  ret void, !dbg !98
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i64 noundef, target("spirv.Event")) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func target("spirv.Event") @_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i64 noundef, i64 noundef, target("spirv.Event")) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 noundef, ptr addrspace(4) noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z7barrierj(i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func target("spirv.Event") @_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event(ptr addrspace(1) noundef, ptr addrspace(3) noundef, i64 noundef, target("spirv.Event")) #2

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }
attributes #4 = { convergent nobuiltin nounwind "no-builtins" }

!llvm.dbg.cu = !{!10}
!llvm.module.flags = !{!21, !22, !23, !24}
!opencl.ocl.version = !{!25}
!opencl.spir.version = !{!25}
!llvm.ident = !{!26}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 4, type: !18, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 3, type: !4, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !17)
!3 = !DIFile(filename: "tests/golden/barrier/async_copy.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "0450b50923442baf658096c386e6b39e")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !9, !9}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64, dwarfAddressSpace: 1)
!10 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !11, splitDebugInlining: false, nameTableKind: None)
!11 = !{!0, !12}
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!13 = distinct !DIGlobalVariable(name: "evens", scope: !2, file: !3, line: 5, type: !14, isLocal: true, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 128, elements: !15)
!15 = !{!16}
!16 = !DISubrange(count: 4)
!17 = !{}
!18 = !DICompositeType(tag: DW_TAG_array_type, baseType: !8, size: 256, elements: !19)
!19 = !{!20}
!20 = !DISubrange(count: 8)
!21 = !{i32 7, !"Dwarf Version", i32 5}
!22 = !{i32 2, !"Debug Info Version", i32 3}
!23 = !{i32 1, !"wchar_size", i32 4}
!24 = !{i32 7, !"frame-pointer", i32 2}
!25 = !{i32 3, i32 0}
!26 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!27 = !{i32 1, i32 1, i32 1}
!28 = !{!"none", !"none", !"none"}
!29 = !{!"int*", !"int*", !"int*"}
!30 = !{!"const", !"", !""}
!31 = !{!"in", !"out", !"strided"}
!32 = !DILocalVariable(name: "in", arg: 1, scope: !2, file: !3, line: 3, type: !6)
!33 = !DILocation(line: 3, column: 33, scope: !2)
!34 = !DILocalVariable(name: "out", arg: 2, scope: !2, file: !3, line: 3, type: !9)
!35 = !DILocation(line: 3, column: 49, scope: !2)
!36 = !DILocalVariable(name: "strided", arg: 3, scope: !2, file: !3, line: 3, type: !9)
!37 = !DILocation(line: 3, column: 66, scope: !2)
!38 = !DILocalVariable(name: "l", scope: !2, file: !3, line: 6, type: !8)
!39 = !DILocation(line: 6, column: 7, scope: !2)
!40 = !DILocation(line: 6, column: 11, scope: !2)
!41 = !DILocalVariable(name: "g", scope: !2, file: !3, line: 6, type: !8)
!42 = !DILocation(line: 6, column: 28, scope: !2)
!43 = !DILocation(line: 6, column: 32, scope: !2)
!44 = !DILocalVariable(name: "e", scope: !2, file: !3, line: 7, type: !45)
!45 = !DIDerivedType(tag: DW_TAG_typedef, name: "event_t", file: !3, baseType: !46)
!46 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64)
!47 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_event_t", file: !3, flags: DIFlagFwdDecl)
!48 = !DILocation(line: 7, column: 11, scope: !2)
!49 = !DILocation(line: 7, column: 43, scope: !2)
!50 = !DILocation(line: 7, column: 48, scope: !2)
!51 = !DILocation(line: 7, column: 50, scope: !2)
!52 = !DILocation(line: 7, column: 46, scope: !2)
!53 = !DILocation(line: 7, column: 15, scope: !2)
!54 = !DILocation(line: 8, column: 44, scope: !2)
!55 = !DILocation(line: 8, column: 49, scope: !2)
!56 = !DILocation(line: 8, column: 51, scope: !2)
!57 = !DILocation(line: 8, column: 47, scope: !2)
!58 = !DILocation(line: 8, column: 62, scope: !2)
!59 = !DILocation(line: 8, column: 7, scope: !2)
!60 = !DILocation(line: 8, column: 5, scope: !2)
!61 = !DILocation(line: 9, column: 24, scope: !2)
!62 = !DILocation(line: 9, column: 3, scope: !2)
!63 = !DILocation(line: 10, column: 8, scope: !2)
!64 = !DILocation(line: 10, column: 3, scope: !2)
!65 = !DILocation(line: 10, column: 11, scope: !2)
!66 = !DILocation(line: 11, column: 8, scope: !2)
!67 = !DILocation(line: 11, column: 10, scope: !2)
!68 = !DILocation(line: 11, column: 3, scope: !2)
!69 = !DILocation(line: 11, column: 15, scope: !2)
!70 = !DILocation(line: 12, column: 21, scope: !2)
!71 = !DILocation(line: 12, column: 15, scope: !2)
!72 = !DILocation(line: 12, column: 14, scope: !2)
!73 = !DILocation(line: 12, column: 9, scope: !2)
!74 = !DILocation(line: 12, column: 3, scope: !2)
!75 = !DILocation(line: 12, column: 12, scope: !2)
!76 = !DILocation(line: 13, column: 3, scope: !2)
!77 = !DILocalVariable(name: "f", scope: !2, file: !3, line: 14, type: !78)
!78 = !DICompositeType(tag: DW_TAG_array_type, baseType: !45, size: 128, elements: !79)
!79 = !{!80}
!80 = !DISubrange(count: 2)
!81 = !DILocation(line: 14, column: 11, scope: !2)
!82 = !DILocation(line: 15, column: 32, scope: !2)
!83 = !DILocation(line: 15, column: 38, scope: !2)
!84 = !DILocation(line: 15, column: 40, scope: !2)
!85 = !DILocation(line: 15, column: 36, scope: !2)
!86 = !DILocation(line: 15, column: 10, scope: !2)
!87 = !DILocation(line: 15, column: 3, scope: !2)
!88 = !DILocation(line: 15, column: 8, scope: !2)
!89 = !DILocation(line: 16, column: 32, scope: !2)
!90 = !DILocation(line: 16, column: 42, scope: !2)
!91 = !DILocation(line: 16, column: 44, scope: !2)
!92 = !DILocation(line: 16, column: 40, scope: !2)
!93 = !DILocation(line: 16, column: 10, scope: !2)
!94 = !DILocation(line: 16, column: 3, scope: !2)
!95 = !DILocation(line: 16, column: 8, scope: !2)
!96 = !DILocation(line: 17, column: 24, scope: !2)
!97 = !DILocation(line: 17, column: 3, scope: !2)
!98 = !DILocation(line: 18, column: 1, scope: !2)
