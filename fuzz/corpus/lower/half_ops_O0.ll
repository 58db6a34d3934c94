; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/arith/half_ops.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 2 %x, ptr addrspace(1) noundef align 2 %y, ptr addrspace(1) noundef align 2 %o, ptr addrspace(1) noundef align 4 %f, ptr addrspace(1) noundef align 4 %n, ptr addrspace(1) noundef align 8 %d, ptr addrspace(1) noundef align 4 %iv) #0 !dbg !15 !kernel_arg_addr_space !29 !kernel_arg_access_qual !30 !kernel_arg_type !31 !kernel_arg_base_type !31 !kernel_arg_type_qual !32 !kernel_arg_name !33 {
entry:
  %x.addr = alloca ptr addrspace(1), align 8
  %y.addr = alloca ptr addrspace(1), align 8
  %o.addr = alloca ptr addrspace(1), align 8
  %f.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca ptr addrspace(1), align 8
  %d.addr = alloca ptr addrspace(1), align 8
  %iv.addr = alloca ptr addrspace(1), align 8
  %i = alloca i32, align 4
  %a = alloca half, align 2
  %b = alloca half, align 2
  %p = alloca ptr addrspace(1), align 8
  %q = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %x, ptr %x.addr, align 8
    #dbg_declare(ptr %x.addr, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
  store ptr addrspace(1) %y, ptr %y.addr, align 8
    #dbg_declare(ptr %y.addr, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !37)
  store ptr addrspace(1) %o, ptr %o.addr, align 8
    #dbg_declare(ptr %o.addr, !38, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !39)
  store ptr addrspace(1) %f, ptr %f.addr, align 8
    #dbg_declare(ptr %f.addr, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !41)
  store ptr addrspace(1) %n, ptr %n.addr, align 8
    #dbg_declare(ptr %n.addr, !42, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
  store ptr addrspace(1) %d, ptr %d.addr, align 8
    #dbg_declare(ptr %d.addr, !44, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
  store ptr addrspace(1) %iv, ptr %iv.addr, align 8
    #dbg_declare(ptr %iv.addr, !46, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !47)
    #dbg_declare(ptr %i, !48, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !50
  %conv = trunc i64 %call to i32, !dbg !50
  store i32 %conv, ptr %i, align 4, !dbg !49
    #dbg_declare(ptr %a, !51, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !52)
  %0 = load ptr addrspace(1), ptr %x.addr, align 8, !dbg !53
  %1 = load i32, ptr %i, align 4, !dbg !54
  %idxprom = sext i32 %1 to i64, !dbg !53
  %arrayidx = getelementptr inbounds half, ptr addrspace(1) %0, i64 %idxprom, !dbg !53
  %2 = load half, ptr addrspace(1) %arrayidx, align 2, !dbg !53
  store half %2, ptr %a, align 2, !dbg !52
    #dbg_declare(ptr %b, !55, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !56)
  %3 = load ptr addrspace(1), ptr %y.addr, align 8, !dbg !57
  %4 = load i32, ptr %i, align 4, !dbg !58
  %idxprom1 = sext i32 %4 to i64, !dbg !57
  %arrayidx2 = getelementptr inbounds half, ptr addrspace(1) %3, i64 %idxprom1, !dbg !57
  %5 = load half, ptr addrspace(1) %arrayidx2, align 2, !dbg !57
  store half %5, ptr %b, align 2, !dbg !56
    #dbg_declare(ptr %p, !59, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !60)
  %6 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !61
  %7 = load i32, ptr %i, align 4, !dbg !62
  %mul = mul nsw i32 10, %7, !dbg !63
  %idx.ext = sext i32 %mul to i64, !dbg !64
  %add.ptr = getelementptr inbounds half, ptr addrspace(1) %6, i64 %idx.ext, !dbg !64
  store ptr addrspace(1) %add.ptr, ptr %p, align 8, !dbg !60
  %8 = load half, ptr %a, align 2, !dbg !65
  %9 = load half, ptr %b, align 2, !dbg !66
  %add = fadd half %8, %9, !dbg !67
  %10 = load ptr addrspace(1), ptr %p, align 8, !dbg !68
  %arrayidx3 = getelementptr inbounds half, ptr addrspace(1) %10, i64 0, !dbg !68
  store half %add, ptr addrspace(1) %arrayidx3, align 2, !dbg !69
  %11 = load half, ptr %a, align 2, !dbg !70
  %12 = load half, ptr %b, align 2, !dbg !71
  %sub = fsub half %11, %12, !dbg !72
  %13 = load ptr addrspace(1), ptr %p, align 8, !dbg !73
  %arrayidx4 = getelementptr inbounds half, ptr addrspace(1) %13, i64 1, !dbg !73
  store half %sub, ptr addrspace(1) %arrayidx4, align 2, !dbg !74
  %14 = load half, ptr %a, align 2, !dbg !75
  %15 = load half, ptr %b, align 2, !dbg !76
  %mul5 = fmul half %14, %15, !dbg !77
  %16 = load ptr addrspace(1), ptr %p, align 8, !dbg !78
  %arrayidx6 = getelementptr inbounds half, ptr addrspace(1) %16, i64 2, !dbg !78
  store half %mul5, ptr addrspace(1) %arrayidx6, align 2, !dbg !79
  %17 = load half, ptr %a, align 2, !dbg !80
  %18 = load half, ptr %b, align 2, !dbg !81
  %div = fdiv half %17, %18, !dbg !82
  %19 = load ptr addrspace(1), ptr %p, align 8, !dbg !83
  %arrayidx7 = getelementptr inbounds half, ptr addrspace(1) %19, i64 3, !dbg !83
  store half %div, ptr addrspace(1) %arrayidx7, align 2, !dbg !84
  %20 = load half, ptr %a, align 2, !dbg !85
  %fneg = fneg half %20, !dbg !86
  %21 = load ptr addrspace(1), ptr %p, align 8, !dbg !87
  %arrayidx8 = getelementptr inbounds half, ptr addrspace(1) %21, i64 4, !dbg !87
  store half %fneg, ptr addrspace(1) %arrayidx8, align 2, !dbg !88
  %22 = load half, ptr %a, align 2, !dbg !89
  %23 = load half, ptr %b, align 2, !dbg !90
  %24 = load half, ptr %a, align 2, !dbg !91
  %25 = call half @llvm.fmuladd.f16(half %22, half %23, half %24), !dbg !92
  %26 = load ptr addrspace(1), ptr %p, align 8, !dbg !93
  %arrayidx10 = getelementptr inbounds half, ptr addrspace(1) %26, i64 5, !dbg !93
  store half %25, ptr addrspace(1) %arrayidx10, align 2, !dbg !94
  %27 = load half, ptr %a, align 2, !dbg !95
  %28 = load half, ptr %b, align 2, !dbg !96
  %cmp = fcmp olt half %27, %28, !dbg !97
  br i1 %cmp, label %cond.true, label %cond.false, !dbg !95

cond.true:                                        ; preds = %entry
  %29 = load half, ptr %a, align 2, !dbg !98
  br label %cond.end, !dbg !95

cond.false:                                       ; preds = %entry
  %30 = load half, ptr %b, align 2, !dbg !99
  br label %cond.end, !dbg !95

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi half [ %29, %cond.true ], [ %30, %cond.false ], !dbg !95
  %31 = load ptr addrspace(1), ptr %p, align 8, !dbg !100
  %arrayidx12 = getelementptr inbounds half, ptr addrspace(1) %31, i64 6, !dbg !100
  store half %cond, ptr addrspace(1) %arrayidx12, align 2, !dbg !101
  %32 = load half, ptr %a, align 2, !dbg !102
  %conv13 = fpext half %32 to float, !dbg !103
  %mul14 = fmul float %conv13, 7.500000e-01, !dbg !104
  %conv15 = fptrunc float %mul14 to half, !dbg !105
  %33 = load ptr addrspace(1), ptr %p, align 8, !dbg !106
  %arrayidx16 = getelementptr inbounds half, ptr addrspace(1) %33, i64 7, !dbg !106
  store half %conv15, ptr addrspace(1) %arrayidx16, align 2, !dbg !107
  %34 = load ptr addrspace(1), ptr %d.addr, align 8, !dbg !108
  %35 = load i32, ptr %i, align 4, !dbg !109
  %idxprom17 = sext i32 %35 to i64, !dbg !108
  %arrayidx18 = getelementptr inbounds double, ptr addrspace(1) %34, i64 %idxprom17, !dbg !108
  %36 = load double, ptr addrspace(1) %arrayidx18, align 8, !dbg !108
  %conv19 = fptrunc double %36 to half, !dbg !110
  %37 = load ptr addrspace(1), ptr %p, align 8, !dbg !111
  %arrayidx20 = getelementptr inbounds half, ptr addrspace(1) %37, i64 8, !dbg !111
  store half %conv19, ptr addrspace(1) %arrayidx20, align 2, !dbg !112
  %38 = load ptr addrspace(1), ptr %iv.addr, align 8, !dbg !113
  %39 = load i32, ptr %i, align 4, !dbg !114
  %idxprom21 = sext i32 %39 to i64, !dbg !113
  %arrayidx22 = getelementptr inbounds i32, ptr addrspace(1) %38, i64 %idxprom21, !dbg !113
  %40 = load i32, ptr addrspace(1) %arrayidx22, align 4, !dbg !113
  %conv23 = sitofp i32 %40 to half, !dbg !115
  %41 = load ptr addrspace(1), ptr %p, align 8, !dbg !116
  %arrayidx24 = getelementptr inbounds half, ptr addrspace(1) %41, i64 9, !dbg !116
  store half %conv23, ptr addrspace(1) %arrayidx24, align 2, !dbg !117
  %42 = load half, ptr %a, align 2, !dbg !118
  %conv25 = fpext half %42 to float, !dbg !118
  %43 = load ptr addrspace(1), ptr %f.addr, align 8, !dbg !119
  %44 = load i32, ptr %i, align 4, !dbg !120
  %idxprom26 = sext i32 %44 to i64, !dbg !119
  %arrayidx27 = getelementptr inbounds float, ptr addrspace(1) %43, i64 %idxprom26, !dbg !119
  store float %conv25, ptr addrspace(1) %arrayidx27, align 4, !dbg !121
    #dbg_declare(ptr %q, !122, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !123)
  %45 = load ptr addrspace(1), ptr %n.addr, align 8, !dbg !124
  %46 = load i32, ptr %i, align 4, !dbg !125
  %mul28 = mul nsw i32 4, %46, !dbg !126
  %idx.ext29 = sext i32 %mul28 to i64, !dbg !127
  %add.ptr30 = getelementptr inbounds i32, ptr addrspace(1) %45, i64 %idx.ext29, !dbg !127
  store ptr addrspace(1) %add.ptr30, ptr %q, align 8, !dbg !123
  %47 = load half, ptr %b, align 2, !dbg !128
  %conv31 = fptosi half %47 to i32, !dbg !129
  %48 = load ptr addrspace(1), ptr %q, align 8, !dbg !130
  %arrayidx32 = getelementptr inbounds i32, ptr addrspace(1) %48, i64 0, !dbg !130
  store i32 %conv31, ptr addrspace(1) %arrayidx32, align 4, !dbg !131
  %49 = load half, ptr %a, align 2, !dbg !132
  %50 = load half, ptr %b, align 2, !dbg !133
  %cmp33 = fcmp olt half %49, %50, !dbg !134
  %conv34 = zext i1 %cmp33 to i32, !dbg !134
  %51 = load half, ptr %a, align 2, !dbg !135
  %52 = load half, ptr %b, align 2, !dbg !136
  %cmp35 = fcmp oeq half %51, %52, !dbg !137
  %conv36 = zext i1 %cmp35 to i32, !dbg !137
  %mul37 = mul nsw i32 2, %conv36, !dbg !138
  %add38 = add nsw i32 %conv34, %mul37, !dbg !139
  %53 = load half, ptr %a, align 2, !dbg !140
  %54 = load half, ptr %a, align 2, !dbg !141
  %sub39 = fsub half %53, %54, !dbg !142
  %55 = load half, ptr %a, align 2, !dbg !143
  %56 = load half, ptr %a, align 2, !dbg !144
  %sub40 = fsub half %55, %56, !dbg !145
  %cmp41 = fcmp une half %sub39, %sub40, !dbg !146
  %conv42 = zext i1 %cmp41 to i32, !dbg !146
  %mul43 = mul nsw i32 4, %conv42, !dbg !147
  %add44 = add nsw i32 %add38, %mul43, !dbg !148
  %57 = load ptr addrspace(1), ptr %q, align 8, !dbg !149
  %arrayidx45 = getelementptr inbounds i32, ptr addrspace(1) %57, i64 1, !dbg !149
  store i32 %add44, ptr addrspace(1) %arrayidx45, align 4, !dbg !150
  %58 = load half, ptr %b, align 2, !dbg !151
  %mul46 = fmul half %58, 0xH3E00, !dbg !152
  %conv47 = fptoui half %mul46 to i32, !dbg !153
  %59 = load ptr addrspace(1), ptr %q, align 8, !dbg !154
  %arrayidx48 = getelementptr inbounds i32, ptr addrspace(1) %59, i64 2, !dbg !154
  store i32 %conv47, ptr addrspace(1) %arrayidx48, align 4, !dbg !155
  %60 = load half, ptr %b, align 2, !dbg !156
  %add49 = fadd half %60, 0xH3800, !dbg !156
  %astype = bitcast half %add49 to i16, !dbg !156
  %conv50 = zext i16 %astype to i32, !dbg !156
  %61 = load ptr addrspace(1), ptr %q, align 8, !dbg !157
  %arrayidx51 = getelementptr inbounds i32, ptr addrspace(1) %61, i64 3, !dbg !157
  store i32 %conv50, ptr addrspace(1) %arrayidx51, align 4, !dbg !158
  ret void, !dbg !159
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare half @llvm.fmuladd.f16(half, half, half) #2

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9, !10, !11, !12}
!opencl.ocl.version = !{!13}
!opencl.spir.version = !{!13}
!llvm.ident = !{!14}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/arith/half_ops.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "9c3279825705b0697ce3f717dd818d81")
!2 = !{!3, !4, !5, !6}
!3 = !DIBasicType(name: "half", size: 16, encoding: DW_ATE_float)
!4 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !7, line: 129, baseType: !8)
!7 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!8 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!9 = !{i32 7, !"Dwarf Version", i32 5}
!10 = !{i32 2, !"Debug Info Version", i32 3}
!11 = !{i32 1, !"wchar_size", i32 4}
!12 = !{i32 7, !"frame-pointer", i32 2}
!13 = !{i32 3, i32 0}
!14 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!15 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 6, type: !16, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !28)
!16 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !17)
!17 = !{null, !18, !18, !20, !21, !22, !23, !26}
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !19, size: 64, dwarfAddressSpace: 1)
!19 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !3)
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1)
!21 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 1)
!22 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64, dwarfAddressSpace: 1)
!23 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !24, size: 64, dwarfAddressSpace: 1)
!24 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !25)
!25 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!26 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !27, size: 64, dwarfAddressSpace: 1)
!27 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !5)
!28 = !{}
!29 = !{i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1}
!30 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!31 = !{!"half*", !"half*", !"half*", !"float*", !"int*", !"double*", !"int*"}
!32 = !{!"const", !"const", !"", !"", !"", !"const", !"const"}
!33 = !{!"x", !"y", !"o", !"f", !"n", !"d", !"iv"}
!34 = !DILocalVariable(name: "x", arg: 1, scope: !15, file: !1, line: 6, type: !18)
!35 = !DILocation(line: 6, column: 34, scope: !15)
!36 = !DILocalVariable(name: "y", arg: 2, scope: !15, file: !1, line: 6, type: !18)
!37 = !DILocation(line: 6, column: 56, scope: !15)
!38 = !DILocalVariable(name: "o", arg: 3, scope: !15, file: !1, line: 6, type: !20)
!39 = !DILocation(line: 6, column: 72, scope: !15)
!40 = !DILocalVariable(name: "f", arg: 4, scope: !15, file: !1, line: 6, type: !21)
!41 = !DILocation(line: 6, column: 89, scope: !15)
!42 = !DILocalVariable(name: "n", arg: 5, scope: !15, file: !1, line: 7, type: !22)
!43 = !DILocation(line: 7, column: 27, scope: !15)
!44 = !DILocalVariable(name: "d", arg: 6, scope: !15, file: !1, line: 7, type: !23)
!45 = !DILocation(line: 7, column: 51, scope: !15)
!46 = !DILocalVariable(name: "iv", arg: 7, scope: !15, file: !1, line: 7, type: !26)
!47 = !DILocation(line: 7, column: 72, scope: !15)
!48 = !DILocalVariable(name: "i", scope: !15, file: !1, line: 8, type: !5)
!49 = !DILocation(line: 8, column: 7, scope: !15)
!50 = !DILocation(line: 8, column: 11, scope: !15)
!51 = !DILocalVariable(name: "a", scope: !15, file: !1, line: 9, type: !3)
!52 = !DILocation(line: 9, column: 8, scope: !15)
!53 = !DILocation(line: 9, column: 12, scope: !15)
!54 = !DILocation(line: 9, column: 14, scope: !15)
!55 = !DILocalVariable(name: "b", scope: !15, file: !1, line: 9, type: !3)
!56 = !DILocation(line: 9, column: 18, scope: !15)
!57 = !DILocation(line: 9, column: 22, scope: !15)
!58 = !DILocation(line: 9, column: 24, scope: !15)
!59 = !DILocalVariable(name: "p", scope: !15, file: !1, line: 10, type: !20)
!60 = !DILocation(line: 10, column: 16, scope: !15)
!61 = !DILocation(line: 10, column: 20, scope: !15)
!62 = !DILocation(line: 10, column: 29, scope: !15)
!63 = !DILocation(line: 10, column: 27, scope: !15)
!64 = !DILocation(line: 10, column: 22, scope: !15)
!65 = !DILocation(line: 11, column: 10, scope: !15)
!66 = !DILocation(line: 11, column: 14, scope: !15)
!67 = !DILocation(line: 11, column: 12, scope: !15)
!68 = !DILocation(line: 11, column: 3, scope: !15)
!69 = !DILocation(line: 11, column: 8, scope: !15)
!70 = !DILocation(line: 12, column: 10, scope: !15)
!71 = !DILocation(line: 12, column: 14, scope: !15)
!72 = !DILocation(line: 12, column: 12, scope: !15)
!73 = !DILocation(line: 12, column: 3, scope: !15)
!74 = !DILocation(line: 12, column: 8, scope: !15)
!75 = !DILocation(line: 13, column: 10, scope: !15)
!76 = !DILocation(line: 13, column: 14, scope: !15)
!77 = !DILocation(line: 13, column: 12, scope: !15)
!78 = !DILocation(line: 13, column: 3, scope: !15)
!79 = !DILocation(line: 13, column: 8, scope: !15)
!80 = !DILocation(line: 14, column: 10, scope: !15)
!81 = !DILocation(line: 14, column: 14, scope: !15)
!82 = !DILocation(line: 14, column: 12, scope: !15)
!83 = !DILocation(line: 14, column: 3, scope: !15)
!84 = !DILocation(line: 14, column: 8, scope: !15)
!85 = !DILocation(line: 15, column: 11, scope: !15)
!86 = !DILocation(line: 15, column: 10, scope: !15)
!87 = !DILocation(line: 15, column: 3, scope: !15)
!88 = !DILocation(line: 15, column: 8, scope: !15)
!89 = !DILocation(line: 16, column: 10, scope: !15)
!90 = !DILocation(line: 16, column: 14, scope: !15)
!91 = !DILocation(line: 16, column: 18, scope: !15)
!92 = !DILocation(line: 16, column: 16, scope: !15)
!93 = !DILocation(line: 16, column: 3, scope: !15)
!94 = !DILocation(line: 16, column: 8, scope: !15)
!95 = !DILocation(line: 17, column: 10, scope: !15)
!96 = !DILocation(line: 17, column: 14, scope: !15)
!97 = !DILocation(line: 17, column: 12, scope: !15)
!98 = !DILocation(line: 17, column: 18, scope: !15)
!99 = !DILocation(line: 17, column: 22, scope: !15)
!100 = !DILocation(line: 17, column: 3, scope: !15)
!101 = !DILocation(line: 17, column: 8, scope: !15)
!102 = !DILocation(line: 18, column: 24, scope: !15)
!103 = !DILocation(line: 18, column: 17, scope: !15)
!104 = !DILocation(line: 18, column: 26, scope: !15)
!105 = !DILocation(line: 18, column: 10, scope: !15)
!106 = !DILocation(line: 18, column: 3, scope: !15)
!107 = !DILocation(line: 18, column: 8, scope: !15)
!108 = !DILocation(line: 19, column: 16, scope: !15)
!109 = !DILocation(line: 19, column: 18, scope: !15)
!110 = !DILocation(line: 19, column: 10, scope: !15)
!111 = !DILocation(line: 19, column: 3, scope: !15)
!112 = !DILocation(line: 19, column: 8, scope: !15)
!113 = !DILocation(line: 20, column: 16, scope: !15)
!114 = !DILocation(line: 20, column: 19, scope: !15)
!115 = !DILocation(line: 20, column: 10, scope: !15)
!116 = !DILocation(line: 20, column: 3, scope: !15)
!117 = !DILocation(line: 20, column: 8, scope: !15)
!118 = !DILocation(line: 21, column: 10, scope: !15)
!119 = !DILocation(line: 21, column: 3, scope: !15)
!120 = !DILocation(line: 21, column: 5, scope: !15)
!121 = !DILocation(line: 21, column: 8, scope: !15)
!122 = !DILocalVariable(name: "q", scope: !15, file: !1, line: 22, type: !22)
!123 = !DILocation(line: 22, column: 15, scope: !15)
!124 = !DILocation(line: 22, column: 19, scope: !15)
!125 = !DILocation(line: 22, column: 27, scope: !15)
!126 = !DILocation(line: 22, column: 25, scope: !15)
!127 = !DILocation(line: 22, column: 21, scope: !15)
!128 = !DILocation(line: 23, column: 15, scope: !15)
!129 = !DILocation(line: 23, column: 10, scope: !15)
!130 = !DILocation(line: 23, column: 3, scope: !15)
!131 = !DILocation(line: 23, column: 8, scope: !15)
!132 = !DILocation(line: 24, column: 11, scope: !15)
!133 = !DILocation(line: 24, column: 15, scope: !15)
!134 = !DILocation(line: 24, column: 13, scope: !15)
!135 = !DILocation(line: 24, column: 25, scope: !15)
!136 = !DILocation(line: 24, column: 30, scope: !15)
!137 = !DILocation(line: 24, column: 27, scope: !15)
!138 = !DILocation(line: 24, column: 22, scope: !15)
!139 = !DILocation(line: 24, column: 18, scope: !15)
!140 = !DILocation(line: 24, column: 40, scope: !15)
!141 = !DILocation(line: 24, column: 44, scope: !15)
!142 = !DILocation(line: 24, column: 42, scope: !15)
!143 = !DILocation(line: 24, column: 49, scope: !15)
!144 = !DILocation(line: 24, column: 53, scope: !15)
!145 = !DILocation(line: 24, column: 51, scope: !15)
!146 = !DILocation(line: 24, column: 46, scope: !15)
!147 = !DILocation(line: 24, column: 37, scope: !15)
!148 = !DILocation(line: 24, column: 33, scope: !15)
!149 = !DILocation(line: 24, column: 3, scope: !15)
!150 = !DILocation(line: 24, column: 8, scope: !15)
!151 = !DILocation(line: 25, column: 17, scope: !15)
!152 = !DILocation(line: 25, column: 19, scope: !15)
!153 = !DILocation(line: 25, column: 10, scope: !15)
!154 = !DILocation(line: 25, column: 3, scope: !15)
!155 = !DILocation(line: 25, column: 8, scope: !15)
!156 = !DILocation(line: 26, column: 10, scope: !15)
!157 = !DILocation(line: 26, column: 3, scope: !15)
!158 = !DILocation(line: 26, column: 8, scope: !15)
!159 = !DILocation(line: 27, column: 1, scope: !15)
