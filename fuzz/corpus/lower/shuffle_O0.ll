; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/vector/shuffle.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 16 %in, ptr addrspace(1) noundef align 32 %masks, ptr addrspace(1) noundef align 32 %o, ptr addrspace(1) noundef align 16 %p) #0 !dbg !8 !kernel_arg_addr_space !32 !kernel_arg_access_qual !33 !kernel_arg_type !34 !kernel_arg_base_type !35 !kernel_arg_type_qual !36 !kernel_arg_name !37 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %masks.addr = alloca ptr addrspace(1), align 8
  %o.addr = alloca ptr addrspace(1), align 8
  %p.addr = alloca ptr addrspace(1), align 8
  %a = alloca <4 x i32>, align 16
  %b = alloca <4 x i32>, align 16
  %m = alloca <8 x i32>, align 32
  %n = alloca <4 x i32>, align 16
  %.compoundliteral = alloca <4 x i32>, align 16
  %w = alloca <8 x i32>, align 32
  %.compoundliteral11 = alloca <8 x i32>, align 32
  %.compoundliteral15 = alloca <4 x i32>, align 16
  store ptr addrspace(1) %in, ptr %in.addr, align 8
    #dbg_declare(ptr %in.addr, !38, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !39)
  store ptr addrspace(1) %masks, ptr %masks.addr, align 8
    #dbg_declare(ptr %masks.addr, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !41)
  store ptr addrspace(1) %o, ptr %o.addr, align 8
    #dbg_declare(ptr %o.addr, !42, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
  store ptr addrspace(1) %p, ptr %p.addr, align 8
    #dbg_declare(ptr %p.addr, !44, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
    #dbg_declare(ptr %a, !46, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !47)
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !48
  %arrayidx = getelementptr inbounds <4 x i32>, ptr addrspace(1) %0, i64 0, !dbg !48
  %1 = load <4 x i32>, ptr addrspace(1) %arrayidx, align 16, !dbg !48
  store <4 x i32> %1, ptr %a, align 16, !dbg !47
    #dbg_declare(ptr %b, !49, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !50)
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !51
  %arrayidx1 = getelementptr inbounds <4 x i32>, ptr addrspace(1) %2, i64 1, !dbg !51
  %3 = load <4 x i32>, ptr addrspace(1) %arrayidx1, align 16, !dbg !51
  store <4 x i32> %3, ptr %b, align 16, !dbg !50
    #dbg_declare(ptr %m, !52, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !53)
  %4 = load ptr addrspace(1), ptr %masks.addr, align 8, !dbg !54
  %arrayidx2 = getelementptr inbounds <8 x i32>, ptr addrspace(1) %4, i64 0, !dbg !54
  %5 = load <8 x i32>, ptr addrspace(1) %arrayidx2, align 32, !dbg !54
  store <8 x i32> %5, ptr %m, align 32, !dbg !53
  %6 = load <4 x i32>, ptr %a, align 16, !dbg !55
  %7 = load <4 x i32>, ptr %b, align 16, !dbg !56
  %8 = load <8 x i32>, ptr %m, align 32, !dbg !57
  %call = call spir_func <8 x i32> @_Z8shuffle2Dv4_iS_Dv8_j(<4 x i32> noundef %6, <4 x i32> noundef %7, <8 x i32> noundef %8) #2, !dbg !58
  %9 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !59
  %arrayidx3 = getelementptr inbounds <8 x i32>, ptr addrspace(1) %9, i64 0, !dbg !59
  store <8 x i32> %call, ptr addrspace(1) %arrayidx3, align 32, !dbg !60
  %10 = load <4 x i32>, ptr %a, align 16, !dbg !61
  %11 = load <8 x i32>, ptr %m, align 32, !dbg !62
  %call4 = call spir_func <8 x i32> @_Z7shuffleDv4_iDv8_j(<4 x i32> noundef %10, <8 x i32> noundef %11) #2, !dbg !63
  %12 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !64
  %arrayidx5 = getelementptr inbounds <8 x i32>, ptr addrspace(1) %12, i64 1, !dbg !64
  store <8 x i32> %call4, ptr addrspace(1) %arrayidx5, align 32, !dbg !65
    #dbg_declare(ptr %n, !66, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !69)
  %13 = load <8 x i32>, ptr %m, align 32, !dbg !70
  %14 = extractelement <8 x i32> %13, i64 4, !dbg !70
  %add = add i32 %14, 8, !dbg !71
  %vecinit = insertelement <4 x i32> poison, i32 %add, i32 0, !dbg !72
  %vecinit6 = insertelement <4 x i32> %vecinit, i32 1, i32 1, !dbg !72
  %vecinit7 = insertelement <4 x i32> %vecinit6, i32 18, i32 2, !dbg !72
  %vecinit8 = insertelement <4 x i32> %vecinit7, i32 0, i32 3, !dbg !72
  store <4 x i32> %vecinit8, ptr %.compoundliteral, align 16, !dbg !73
  %15 = load <4 x i32>, ptr %.compoundliteral, align 16, !dbg !73
  store <4 x i32> %15, ptr %n, align 16, !dbg !69
  %16 = load <4 x i32>, ptr %a, align 16, !dbg !74
  %17 = load <4 x i32>, ptr %b, align 16, !dbg !75
  %18 = load <4 x i32>, ptr %n, align 16, !dbg !76
  %call9 = call spir_func <4 x i32> @_Z8shuffle2Dv4_iS_Dv4_j(<4 x i32> noundef %16, <4 x i32> noundef %17, <4 x i32> noundef %18) #2, !dbg !77
  %19 = load ptr addrspace(1), ptr %p.addr, align 8, !dbg !78
  %arrayidx10 = getelementptr inbounds <4 x i32>, ptr addrspace(1) %19, i64 0, !dbg !78
  store <4 x i32> %call9, ptr addrspace(1) %arrayidx10, align 16, !dbg !79
    #dbg_declare(ptr %w, !80, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !81)
  %20 = load <4 x i32>, ptr %a, align 16, !dbg !82
  %vext = shufflevector <4 x i32> %20, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !83
  %vecinit12 = shufflevector <8 x i32> %vext, <8 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !83
  %21 = load <4 x i32>, ptr %b, align 16, !dbg !84
  %vext13 = shufflevector <4 x i32> %21, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !83
  %vecinit14 = shufflevector <8 x i32> %vecinit12, <8 x i32> %vext13, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>, !dbg !83
  store <8 x i32> %vecinit14, ptr %.compoundliteral11, align 32, !dbg !85
  %22 = load <8 x i32>, ptr %.compoundliteral11, align 32, !dbg !85
  store <8 x i32> %22, ptr %w, align 32, !dbg !81
  %23 = load <8 x i32>, ptr %w, align 32, !dbg !86
  store <4 x i32> <i32 6, i32 0, i32 5, i32 9>, ptr %.compoundliteral15, align 16, !dbg !87
  %24 = load <4 x i32>, ptr %.compoundliteral15, align 16, !dbg !87
  %call16 = call spir_func <4 x i32> @_Z7shuffleDv8_iDv4_j(<8 x i32> noundef %23, <4 x i32> noundef %24) #2, !dbg !88
  %25 = load ptr addrspace(1), ptr %p.addr, align 8, !dbg !89
  %arrayidx17 = getelementptr inbounds <4 x i32>, ptr addrspace(1) %25, i64 1, !dbg !89
  store <4 x i32> %call16, ptr addrspace(1) %arrayidx17, align 16, !dbg !90
  ret void, !dbg !91
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func <8 x i32> @_Z8shuffle2Dv4_iS_Dv8_j(<4 x i32> noundef, <4 x i32> noundef, <8 x i32> noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func <8 x i32> @_Z7shuffleDv4_iDv8_j(<4 x i32> noundef, <8 x i32> noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func <4 x i32> @_Z8shuffle2Dv4_iS_Dv4_j(<4 x i32> noundef, <4 x i32> noundef, <4 x i32> noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func <4 x i32> @_Z7shuffleDv8_iDv4_j(<8 x i32> noundef, <4 x i32> noundef) #1

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/vector/shuffle.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "5320727e48b9a0a67bf6dc1c85eb35f8")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !31)
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
!31 = !{}
!32 = !{i32 1, i32 1, i32 1, i32 1}
!33 = !{!"none", !"none", !"none", !"none"}
!34 = !{!"int4*", !"uint8*", !"int8*", !"int4*"}
!35 = !{!"int __attribute__((ext_vector_type(4)))*", !"uint __attribute__((ext_vector_type(8)))*", !"int __attribute__((ext_vector_type(8)))*", !"int __attribute__((ext_vector_type(4)))*"}
!36 = !{!"const", !"const", !"", !""}
!37 = !{!"in", !"masks", !"o", !"p"}
!38 = !DILocalVariable(name: "in", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!39 = !DILocation(line: 2, column: 34, scope: !8)
!40 = !DILocalVariable(name: "masks", arg: 2, scope: !8, file: !1, line: 2, type: !19)
!41 = !DILocation(line: 2, column: 58, scope: !8)
!42 = !DILocalVariable(name: "o", arg: 3, scope: !8, file: !1, line: 2, type: !27)
!43 = !DILocation(line: 2, column: 78, scope: !8)
!44 = !DILocalVariable(name: "p", arg: 4, scope: !8, file: !1, line: 2, type: !30)
!45 = !DILocation(line: 2, column: 94, scope: !8)
!46 = !DILocalVariable(name: "a", scope: !8, file: !1, line: 3, type: !13)
!47 = !DILocation(line: 3, column: 8, scope: !8)
!48 = !DILocation(line: 3, column: 12, scope: !8)
!49 = !DILocalVariable(name: "b", scope: !8, file: !1, line: 3, type: !13)
!50 = !DILocation(line: 3, column: 19, scope: !8)
!51 = !DILocation(line: 3, column: 23, scope: !8)
!52 = !DILocalVariable(name: "m", scope: !8, file: !1, line: 4, type: !21)
!53 = !DILocation(line: 4, column: 9, scope: !8)
!54 = !DILocation(line: 4, column: 13, scope: !8)
!55 = !DILocation(line: 5, column: 19, scope: !8)
!56 = !DILocation(line: 5, column: 22, scope: !8)
!57 = !DILocation(line: 5, column: 25, scope: !8)
!58 = !DILocation(line: 5, column: 10, scope: !8)
!59 = !DILocation(line: 5, column: 3, scope: !8)
!60 = !DILocation(line: 5, column: 8, scope: !8)
!61 = !DILocation(line: 6, column: 18, scope: !8)
!62 = !DILocation(line: 6, column: 21, scope: !8)
!63 = !DILocation(line: 6, column: 10, scope: !8)
!64 = !DILocation(line: 6, column: 3, scope: !8)
!65 = !DILocation(line: 6, column: 8, scope: !8)
!66 = !DILocalVariable(name: "n", scope: !8, file: !1, line: 7, type: !67)
!67 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint4", file: !14, line: 194, baseType: !68)
!68 = !DICompositeType(tag: DW_TAG_array_type, baseType: !23, size: 128, flags: DIFlagVector, elements: !17)
!69 = !DILocation(line: 7, column: 9, scope: !8)
!70 = !DILocation(line: 7, column: 21, scope: !8)
!71 = !DILocation(line: 7, column: 26, scope: !8)
!72 = !DILocation(line: 7, column: 20, scope: !8)
!73 = !DILocation(line: 7, column: 13, scope: !8)
!74 = !DILocation(line: 8, column: 19, scope: !8)
!75 = !DILocation(line: 8, column: 22, scope: !8)
!76 = !DILocation(line: 8, column: 25, scope: !8)
!77 = !DILocation(line: 8, column: 10, scope: !8)
!78 = !DILocation(line: 8, column: 3, scope: !8)
!79 = !DILocation(line: 8, column: 8, scope: !8)
!80 = !DILocalVariable(name: "w", scope: !8, file: !1, line: 9, type: !28)
!81 = !DILocation(line: 9, column: 8, scope: !8)
!82 = !DILocation(line: 9, column: 19, scope: !8)
!83 = !DILocation(line: 9, column: 18, scope: !8)
!84 = !DILocation(line: 9, column: 22, scope: !8)
!85 = !DILocation(line: 9, column: 12, scope: !8)
!86 = !DILocation(line: 10, column: 18, scope: !8)
!87 = !DILocation(line: 10, column: 21, scope: !8)
!88 = !DILocation(line: 10, column: 10, scope: !8)
!89 = !DILocation(line: 10, column: 3, scope: !8)
!90 = !DILocation(line: 10, column: 8, scope: !8)
!91 = !DILocation(line: 11, column: 1, scope: !8)
