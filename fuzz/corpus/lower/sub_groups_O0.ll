; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/builtins/sub_groups.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @sg(ptr addrspace(1) noundef align 4 %info, ptr addrspace(1) noundef align 4 %sums, ptr addrspace(1) noundef align 4 %scan, ptr addrspace(1) noundef align 4 %bcast) #0 !dbg !10 !kernel_arg_addr_space !19 !kernel_arg_access_qual !20 !kernel_arg_type !21 !kernel_arg_base_type !21 !kernel_arg_type_qual !22 !kernel_arg_name !23 {
entry:
  %info.addr = alloca ptr addrspace(1), align 8
  %sums.addr = alloca ptr addrspace(1), align 8
  %scan.addr = alloca ptr addrspace(1), align 8
  %bcast.addr = alloca ptr addrspace(1), align 8
  %l = alloca i64, align 8
  %g = alloca i64, align 8
  %v = alloca i32, align 4
  store ptr addrspace(1) %info, ptr %info.addr, align 8
    #dbg_declare(ptr %info.addr, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !25)
  store ptr addrspace(1) %sums, ptr %sums.addr, align 8
    #dbg_declare(ptr %sums.addr, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  store ptr addrspace(1) %scan, ptr %scan.addr, align 8
    #dbg_declare(ptr %scan.addr, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !29)
  store ptr addrspace(1) %bcast, ptr %bcast.addr, align 8
    #dbg_declare(ptr %bcast.addr, !30, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !31)
    #dbg_declare(ptr %l, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
  %call = call spir_func i64 @_Z19get_local_linear_idv() #3, !dbg !36
  store i64 %call, ptr %l, align 8, !dbg !35
    #dbg_declare(ptr %g, !37, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !38)
  %call1 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !39
  store i64 %call1, ptr %g, align 8, !dbg !38
  %call2 = call spir_func i32 @_Z18get_sub_group_sizev() #3, !dbg !40
  %0 = load ptr addrspace(1), ptr %info.addr, align 8, !dbg !41
  %1 = load i64, ptr %g, align 8, !dbg !42
  %mul = mul i64 %1, 4, !dbg !43
  %add = add i64 %mul, 0, !dbg !44
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %add, !dbg !41
  store i32 %call2, ptr addrspace(1) %arrayidx, align 4, !dbg !45
  %call3 = call spir_func i32 @_Z16get_sub_group_idv() #3, !dbg !46
  %2 = load ptr addrspace(1), ptr %info.addr, align 8, !dbg !47
  %3 = load i64, ptr %g, align 8, !dbg !48
  %mul4 = mul i64 %3, 4, !dbg !49
  %add5 = add i64 %mul4, 1, !dbg !50
  %arrayidx6 = getelementptr inbounds i32, ptr addrspace(1) %2, i64 %add5, !dbg !47
  store i32 %call3, ptr addrspace(1) %arrayidx6, align 4, !dbg !51
  %call7 = call spir_func i32 @_Z22get_sub_group_local_idv() #3, !dbg !52
  %4 = load ptr addrspace(1), ptr %info.addr, align 8, !dbg !53
  %5 = load i64, ptr %g, align 8, !dbg !54
  %mul8 = mul i64 %5, 4, !dbg !55
  %add9 = add i64 %mul8, 2, !dbg !56
  %arrayidx10 = getelementptr inbounds i32, ptr addrspace(1) %4, i64 %add9, !dbg !53
  store i32 %call7, ptr addrspace(1) %arrayidx10, align 4, !dbg !57
  %call11 = call spir_func i32 @_Z18get_num_sub_groupsv() #3, !dbg !58
  %mul12 = mul i32 %call11, 100, !dbg !59
  %call13 = call spir_func i32 @_Z22get_max_sub_group_sizev() #3, !dbg !60
  %add14 = add i32 %mul12, %call13, !dbg !61
  %6 = load ptr addrspace(1), ptr %info.addr, align 8, !dbg !62
  %7 = load i64, ptr %g, align 8, !dbg !63
  %mul15 = mul i64 %7, 4, !dbg !64
  %add16 = add i64 %mul15, 3, !dbg !65
  %arrayidx17 = getelementptr inbounds i32, ptr addrspace(1) %6, i64 %add16, !dbg !62
  store i32 %add14, ptr addrspace(1) %arrayidx17, align 4, !dbg !66
    #dbg_declare(ptr %v, !67, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !68)
  %8 = load i64, ptr %l, align 8, !dbg !69
  %conv = trunc i64 %8 to i32, !dbg !70
  %add18 = add nsw i32 %conv, 1, !dbg !71
  store i32 %add18, ptr %v, align 4, !dbg !68
  %9 = load i32, ptr %v, align 4, !dbg !72
  %call19 = call spir_func i32 @_Z20sub_group_reduce_addi(i32 noundef %9) #3, !dbg !73
  %10 = load ptr addrspace(1), ptr %sums.addr, align 8, !dbg !74
  %11 = load i64, ptr %g, align 8, !dbg !75
  %arrayidx20 = getelementptr inbounds i32, ptr addrspace(1) %10, i64 %11, !dbg !74
  store i32 %call19, ptr addrspace(1) %arrayidx20, align 4, !dbg !76
  %12 = load i32, ptr %v, align 4, !dbg !77
  %call21 = call spir_func i32 @_Z28sub_group_scan_exclusive_addi(i32 noundef %12) #3, !dbg !78
  %13 = load ptr addrspace(1), ptr %scan.addr, align 8, !dbg !79
  %14 = load i64, ptr %g, align 8, !dbg !80
  %arrayidx22 = getelementptr inbounds i32, ptr addrspace(1) %13, i64 %14, !dbg !79
  store i32 %call21, ptr addrspace(1) %arrayidx22, align 4, !dbg !81
  call spir_func void @_Z17sub_group_barrierj(i32 noundef 1) #3, !dbg !82
  %15 = load i32, ptr %v, align 4, !dbg !83
  %call23 = call spir_func i32 @_Z19sub_group_broadcastij(i32 noundef %15, i32 noundef 1) #3, !dbg !84
  %16 = load i32, ptr %v, align 4, !dbg !85
  %cmp = icmp sgt i32 %16, 2, !dbg !86
  %conv24 = zext i1 %cmp to i32, !dbg !86
  %call25 = call spir_func i32 @_Z13sub_group_alli(i32 noundef %conv24) #3, !dbg !87
  %mul26 = mul nsw i32 1000, %call25, !dbg !88
  %add27 = add nsw i32 %call23, %mul26, !dbg !89
  %17 = load i32, ptr %v, align 4, !dbg !90
  %cmp28 = icmp eq i32 %17, 6, !dbg !91
  %conv29 = zext i1 %cmp28 to i32, !dbg !91
  %call30 = call spir_func i32 @_Z13sub_group_anyi(i32 noundef %conv29) #3, !dbg !92
  %mul31 = mul nsw i32 10000, %call30, !dbg !93
  %add32 = add nsw i32 %add27, %mul31, !dbg !94
  %18 = load ptr addrspace(1), ptr %bcast.addr, align 8, !dbg !95
  %19 = load i64, ptr %g, align 8, !dbg !96
  %arrayidx33 = getelementptr inbounds i32, ptr addrspace(1) %18, i64 %19, !dbg !95
  store i32 %add32, ptr addrspace(1) %arrayidx33, align 4, !dbg !97
  ret void, !dbg !98
}

; Function Attrs: convergent nounwind
declare dso_local spir_func i64 @_Z19get_local_linear_idv() #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z18get_sub_group_sizev() #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z16get_sub_group_idv() #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z22get_sub_group_local_idv() #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z18get_num_sub_groupsv() #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z22get_max_sub_group_sizev() #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z20sub_group_reduce_addi(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z28sub_group_scan_exclusive_addi(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z17sub_group_barrierj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z19sub_group_broadcastij(i32 noundef, i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z13sub_group_alli(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @_Z13sub_group_anyi(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nobuiltin nounwind "no-builtins" }
attributes #4 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7}
!opencl.ocl.version = !{!8}
!opencl.spir.version = !{!8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/builtins/sub_groups.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "b2290ea88789ead6762fb8e50a003f1c")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{i32 3, i32 0}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "sg", scope: !1, file: !1, line: 8, type: !11, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !18)
!11 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !12)
!12 = !{null, !13, !17, !17, !17}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !15, line: 129, baseType: !16)
!15 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!16 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1)
!18 = !{}
!19 = !{i32 1, i32 1, i32 1, i32 1}
!20 = !{!"none", !"none", !"none", !"none"}
!21 = !{!"uint*", !"int*", !"int*", !"int*"}
!22 = !{!"", !"", !"", !""}
!23 = !{!"info", !"sums", !"scan", !"bcast"}
!24 = !DILocalVariable(name: "info", arg: 1, scope: !10, file: !1, line: 8, type: !13)
!25 = !DILocation(line: 8, column: 33, scope: !10)
!26 = !DILocalVariable(name: "sums", arg: 2, scope: !10, file: !1, line: 8, type: !17)
!27 = !DILocation(line: 8, column: 53, scope: !10)
!28 = !DILocalVariable(name: "scan", arg: 3, scope: !10, file: !1, line: 8, type: !17)
!29 = !DILocation(line: 8, column: 73, scope: !10)
!30 = !DILocalVariable(name: "bcast", arg: 4, scope: !10, file: !1, line: 9, type: !17)
!31 = !DILocation(line: 9, column: 32, scope: !10)
!32 = !DILocalVariable(name: "l", scope: !10, file: !1, line: 11, type: !33)
!33 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !15, line: 142, baseType: !34)
!34 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!35 = !DILocation(line: 11, column: 10, scope: !10)
!36 = !DILocation(line: 11, column: 14, scope: !10)
!37 = !DILocalVariable(name: "g", scope: !10, file: !1, line: 12, type: !33)
!38 = !DILocation(line: 12, column: 10, scope: !10)
!39 = !DILocation(line: 12, column: 14, scope: !10)
!40 = !DILocation(line: 13, column: 21, scope: !10)
!41 = !DILocation(line: 13, column: 3, scope: !10)
!42 = !DILocation(line: 13, column: 8, scope: !10)
!43 = !DILocation(line: 13, column: 10, scope: !10)
!44 = !DILocation(line: 13, column: 14, scope: !10)
!45 = !DILocation(line: 13, column: 19, scope: !10)
!46 = !DILocation(line: 14, column: 21, scope: !10)
!47 = !DILocation(line: 14, column: 3, scope: !10)
!48 = !DILocation(line: 14, column: 8, scope: !10)
!49 = !DILocation(line: 14, column: 10, scope: !10)
!50 = !DILocation(line: 14, column: 14, scope: !10)
!51 = !DILocation(line: 14, column: 19, scope: !10)
!52 = !DILocation(line: 15, column: 21, scope: !10)
!53 = !DILocation(line: 15, column: 3, scope: !10)
!54 = !DILocation(line: 15, column: 8, scope: !10)
!55 = !DILocation(line: 15, column: 10, scope: !10)
!56 = !DILocation(line: 15, column: 14, scope: !10)
!57 = !DILocation(line: 15, column: 19, scope: !10)
!58 = !DILocation(line: 16, column: 21, scope: !10)
!59 = !DILocation(line: 16, column: 42, scope: !10)
!60 = !DILocation(line: 16, column: 50, scope: !10)
!61 = !DILocation(line: 16, column: 48, scope: !10)
!62 = !DILocation(line: 16, column: 3, scope: !10)
!63 = !DILocation(line: 16, column: 8, scope: !10)
!64 = !DILocation(line: 16, column: 10, scope: !10)
!65 = !DILocation(line: 16, column: 14, scope: !10)
!66 = !DILocation(line: 16, column: 19, scope: !10)
!67 = !DILocalVariable(name: "v", scope: !10, file: !1, line: 17, type: !3)
!68 = !DILocation(line: 17, column: 7, scope: !10)
!69 = !DILocation(line: 17, column: 16, scope: !10)
!70 = !DILocation(line: 17, column: 11, scope: !10)
!71 = !DILocation(line: 17, column: 18, scope: !10)
!72 = !DILocation(line: 18, column: 34, scope: !10)
!73 = !DILocation(line: 18, column: 13, scope: !10)
!74 = !DILocation(line: 18, column: 3, scope: !10)
!75 = !DILocation(line: 18, column: 8, scope: !10)
!76 = !DILocation(line: 18, column: 11, scope: !10)
!77 = !DILocation(line: 19, column: 42, scope: !10)
!78 = !DILocation(line: 19, column: 13, scope: !10)
!79 = !DILocation(line: 19, column: 3, scope: !10)
!80 = !DILocation(line: 19, column: 8, scope: !10)
!81 = !DILocation(line: 19, column: 11, scope: !10)
!82 = !DILocation(line: 20, column: 3, scope: !10)
!83 = !DILocation(line: 21, column: 34, scope: !10)
!84 = !DILocation(line: 21, column: 14, scope: !10)
!85 = !DILocation(line: 21, column: 63, scope: !10)
!86 = !DILocation(line: 21, column: 65, scope: !10)
!87 = !DILocation(line: 21, column: 49, scope: !10)
!88 = !DILocation(line: 21, column: 47, scope: !10)
!89 = !DILocation(line: 21, column: 40, scope: !10)
!90 = !DILocation(line: 22, column: 38, scope: !10)
!91 = !DILocation(line: 22, column: 40, scope: !10)
!92 = !DILocation(line: 22, column: 24, scope: !10)
!93 = !DILocation(line: 22, column: 22, scope: !10)
!94 = !DILocation(line: 22, column: 14, scope: !10)
!95 = !DILocation(line: 21, column: 3, scope: !10)
!96 = !DILocation(line: 21, column: 9, scope: !10)
!97 = !DILocation(line: 21, column: 12, scope: !10)
!98 = !DILocation(line: 23, column: 1, scope: !10)
