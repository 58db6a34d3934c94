; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/arith/half_ops.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite)
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef readonly align 2 %x, ptr addrspace(1) nocapture noundef readonly align 2 %y, ptr addrspace(1) nocapture noundef writeonly align 2 %o, ptr addrspace(1) nocapture noundef writeonly align 4 %f, ptr addrspace(1) nocapture noundef writeonly align 4 %n, ptr addrspace(1) nocapture noundef readonly align 8 %d, ptr addrspace(1) nocapture noundef readonly align 4 %iv) local_unnamed_addr #0 !dbg !15 !kernel_arg_addr_space !41 !kernel_arg_access_qual !42 !kernel_arg_type !43 !kernel_arg_base_type !43 !kernel_arg_type_qual !44 !kernel_arg_name !45 {
entry:
    #dbg_value(ptr addrspace(1) %x, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %y, !30, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %o, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %f, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %n, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %d, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %iv, !35, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !47
  %conv = trunc i64 %call to i32, !dbg !47
    #dbg_value(i32 %conv, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %idxprom = sext i32 %conv to i64, !dbg !48
  %arrayidx = getelementptr inbounds half, ptr addrspace(1) %x, i64 %idxprom, !dbg !48
  %0 = load half, ptr addrspace(1) %arrayidx, align 2, !dbg !48, !tbaa !49
    #dbg_value(half %0, !37, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %arrayidx2 = getelementptr inbounds half, ptr addrspace(1) %y, i64 %idxprom, !dbg !53
  %1 = load half, ptr addrspace(1) %arrayidx2, align 2, !dbg !53, !tbaa !49
    #dbg_value(half %1, !38, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %mul = mul nsw i32 %conv, 10, !dbg !54
  %idx.ext = sext i32 %mul to i64, !dbg !55
  %add.ptr = getelementptr inbounds half, ptr addrspace(1) %o, i64 %idx.ext, !dbg !55
    #dbg_value(ptr addrspace(1) %add.ptr, !39, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %add = fadd half %0, %1, !dbg !56
  store half %add, ptr addrspace(1) %add.ptr, align 2, !dbg !57, !tbaa !49
  %sub = fsub half %0, %1, !dbg !58
  %arrayidx4 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 2, !dbg !59
  store half %sub, ptr addrspace(1) %arrayidx4, align 2, !dbg !60, !tbaa !49
  %mul5 = fmul half %0, %1, !dbg !61
  %arrayidx6 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 4, !dbg !62
  store half %mul5, ptr addrspace(1) %arrayidx6, align 2, !dbg !63, !tbaa !49
  %div = fdiv half %0, %1, !dbg !64
  %arrayidx7 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 6, !dbg !65
  store half %div, ptr addrspace(1) %arrayidx7, align 2, !dbg !66, !tbaa !49
  %fneg = fneg half %0, !dbg !67
  %arrayidx8 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 8, !dbg !68
  store half %fneg, ptr addrspace(1) %arrayidx8, align 2, !dbg !69, !tbaa !49
  %2 = tail call half @llvm.fmuladd.f16(half %0, half %1, half %0), !dbg !70
  %arrayidx10 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 10, !dbg !71
  store half %2, ptr addrspace(1) %arrayidx10, align 2, !dbg !72, !tbaa !49
  %cmp = fcmp olt half %0, %1, !dbg !73
  %cond = select i1 %cmp, half %0, half %1, !dbg !74
  %arrayidx12 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 12, !dbg !75
  store half %cond, ptr addrspace(1) %arrayidx12, align 2, !dbg !76, !tbaa !49
  %conv13 = fpext half %0 to float, !dbg !77
  %conv15 = fmul half %0, 0xH3A00, !dbg !78
  %arrayidx16 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 14, !dbg !79
  store half %conv15, ptr addrspace(1) %arrayidx16, align 2, !dbg !80, !tbaa !49
  %arrayidx18 = getelementptr inbounds double, ptr addrspace(1) %d, i64 %idxprom, !dbg !81
  %3 = load double, ptr addrspace(1) %arrayidx18, align 8, !dbg !81, !tbaa !82
  %conv19 = fptrunc double %3 to half, !dbg !84
  %arrayidx20 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 16, !dbg !85
  store half %conv19, ptr addrspace(1) %arrayidx20, align 2, !dbg !86, !tbaa !49
  %arrayidx22 = getelementptr inbounds i32, ptr addrspace(1) %iv, i64 %idxprom, !dbg !87
  %4 = load i32, ptr addrspace(1) %arrayidx22, align 4, !dbg !87, !tbaa !88
  %conv23 = sitofp i32 %4 to half, !dbg !90
  %arrayidx24 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr, i64 18, !dbg !91
  store half %conv23, ptr addrspace(1) %arrayidx24, align 2, !dbg !92, !tbaa !49
  %arrayidx27 = getelementptr inbounds float, ptr addrspace(1) %f, i64 %idxprom, !dbg !93
  store float %conv13, ptr addrspace(1) %arrayidx27, align 4, !dbg !94, !tbaa !95
  %mul28 = shl nsw i32 %conv, 2, !dbg !97
  %idx.ext29 = sext i32 %mul28 to i64, !dbg !98
  %add.ptr30 = getelementptr inbounds i32, ptr addrspace(1) %n, i64 %idx.ext29, !dbg !98
    #dbg_value(ptr addrspace(1) %add.ptr30, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %conv31 = fptosi half %1 to i32, !dbg !99
  store i32 %conv31, ptr addrspace(1) %add.ptr30, align 4, !dbg !100, !tbaa !88
  %conv34 = zext i1 %cmp to i32, !dbg !101
  %cmp35 = fcmp oeq half %0, %1, !dbg !102
  %mul37 = select i1 %cmp35, i32 2, i32 0, !dbg !103
  %add38 = or disjoint i32 %mul37, %conv34, !dbg !104
  %sub39 = fsub half %0, %0, !dbg !105
  %cmp41 = fcmp uno half %sub39, 0xH0000, !dbg !106
  %mul43 = select i1 %cmp41, i32 4, i32 0, !dbg !107
  %add44 = or disjoint i32 %add38, %mul43, !dbg !108
  %arrayidx45 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr30, i64 4, !dbg !109
  store i32 %add44, ptr addrspace(1) %arrayidx45, align 4, !dbg !110, !tbaa !88
  %mul46 = fmul half %1, 0xH3E00, !dbg !111
  %conv47 = fptoui half %mul46 to i32, !dbg !112
  %arrayidx48 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr30, i64 8, !dbg !113
  store i32 %conv47, ptr addrspace(1) %arrayidx48, align 4, !dbg !114, !tbaa !88
  %add49 = fadd half %1, 0xH3800, !dbg !115
  %astype = bitcast half %add49 to i16, !dbg !115
  %conv50 = zext i16 %astype to i32, !dbg !115
  %arrayidx51 = getelementptr inbounds i8, ptr addrspace(1) %add.ptr30, i64 12, !dbg !116
  store i32 %conv50, ptr addrspace(1) %arrayidx51, align 4, !dbg !117, !tbaa !88
  ret void, !dbg !118
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !119 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare half @llvm.fmuladd.f16(half, half, half) #2

attributes #0 = { convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9, !10, !11, !12}
!opencl.ocl.version = !{!13}
!opencl.spir.version = !{!13}
!llvm.ident = !{!14}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
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
!15 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 6, type: !16, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !28)
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
!28 = !{!29, !30, !31, !32, !33, !34, !35, !36, !37, !38, !39, !40}
!29 = !DILocalVariable(name: "x", arg: 1, scope: !15, file: !1, line: 6, type: !18)
!30 = !DILocalVariable(name: "y", arg: 2, scope: !15, file: !1, line: 6, type: !18)
!31 = !DILocalVariable(name: "o", arg: 3, scope: !15, file: !1, line: 6, type: !20)
!32 = !DILocalVariable(name: "f", arg: 4, scope: !15, file: !1, line: 6, type: !21)
!33 = !DILocalVariable(name: "n", arg: 5, scope: !15, file: !1, line: 7, type: !22)
!34 = !DILocalVariable(name: "d", arg: 6, scope: !15, file: !1, line: 7, type: !23)
!35 = !DILocalVariable(name: "iv", arg: 7, scope: !15, file: !1, line: 7, type: !26)
!36 = !DILocalVariable(name: "i", scope: !15, file: !1, line: 8, type: !5)
!37 = !DILocalVariable(name: "a", scope: !15, file: !1, line: 9, type: !3)
!38 = !DILocalVariable(name: "b", scope: !15, file: !1, line: 9, type: !3)
!39 = !DILocalVariable(name: "p", scope: !15, file: !1, line: 10, type: !20)
!40 = !DILocalVariable(name: "q", scope: !15, file: !1, line: 22, type: !22)
!41 = !{i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1}
!42 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!43 = !{!"half*", !"half*", !"half*", !"float*", !"int*", !"double*", !"int*"}
!44 = !{!"const", !"const", !"", !"", !"", !"const", !"const"}
!45 = !{!"x", !"y", !"o", !"f", !"n", !"d", !"iv"}
!46 = !DILocation(line: 0, scope: !15)
!47 = !DILocation(line: 8, column: 11, scope: !15)
!48 = !DILocation(line: 9, column: 12, scope: !15)
!49 = !{!50, !50, i64 0}
!50 = !{!"half", !51, i64 0}
!51 = !{!"omnipotent char", !52, i64 0}
!52 = !{!"Simple C/C++ TBAA"}
!53 = !DILocation(line: 9, column: 22, scope: !15)
!54 = !DILocation(line: 10, column: 27, scope: !15)
!55 = !DILocation(line: 10, column: 22, scope: !15)
!56 = !DILocation(line: 11, column: 12, scope: !15)
!57 = !DILocation(line: 11, column: 8, scope: !15)
!58 = !DILocation(line: 12, column: 12, scope: !15)
!59 = !DILocation(line: 12, column: 3, scope: !15)
!60 = !DILocation(line: 12, column: 8, scope: !15)
!61 = !DILocation(line: 13, column: 12, scope: !15)
!62 = !DILocation(line: 13, column: 3, scope: !15)
!63 = !DILocation(line: 13, column: 8, scope: !15)
!64 = !DILocation(line: 14, column: 12, scope: !15)
!65 = !DILocation(line: 14, column: 3, scope: !15)
!66 = !DILocation(line: 14, column: 8, scope: !15)
!67 = !DILocation(line: 15, column: 10, scope: !15)
!68 = !DILocation(line: 15, column: 3, scope: !15)
!69 = !DILocation(line: 15, column: 8, scope: !15)
!70 = !DILocation(line: 16, column: 16, scope: !15)
!71 = !DILocation(line: 16, column: 3, scope: !15)
!72 = !DILocation(line: 16, column: 8, scope: !15)
!73 = !DILocation(line: 17, column: 12, scope: !15)
!74 = !DILocation(line: 17, column: 10, scope: !15)
!75 = !DILocation(line: 17, column: 3, scope: !15)
!76 = !DILocation(line: 17, column: 8, scope: !15)
!77 = !DILocation(line: 18, column: 17, scope: !15)
!78 = !DILocation(line: 18, column: 10, scope: !15)
!79 = !DILocation(line: 18, column: 3, scope: !15)
!80 = !DILocation(line: 18, column: 8, scope: !15)
!81 = !DILocation(line: 19, column: 16, scope: !15)
!82 = !{!83, !83, i64 0}
!83 = !{!"double", !51, i64 0}
!84 = !DILocation(line: 19, column: 10, scope: !15)
!85 = !DILocation(line: 19, column: 3, scope: !15)
!86 = !DILocation(line: 19, column: 8, scope: !15)
!87 = !DILocation(line: 20, column: 16, scope: !15)
!88 = !{!89, !89, i64 0}
!89 = !{!"int", !51, i64 0}
!90 = !DILocation(line: 20, column: 10, scope: !15)
!91 = !DILocation(line: 20, column: 3, scope: !15)
!92 = !DILocation(line: 20, column: 8, scope: !15)
!93 = !DILocation(line: 21, column: 3, scope: !15)
!94 = !DILocation(line: 21, column: 8, scope: !15)
!95 = !{!96, !96, i64 0}
!96 = !{!"float", !51, i64 0}
!97 = !DILocation(line: 22, column: 25, scope: !15)
!98 = !DILocation(line: 22, column: 21, scope: !15)
!99 = !DILocation(line: 23, column: 10, scope: !15)
!100 = !DILocation(line: 23, column: 8, scope: !15)
!101 = !DILocation(line: 24, column: 13, scope: !15)
!102 = !DILocation(line: 24, column: 27, scope: !15)
!103 = !DILocation(line: 24, column: 22, scope: !15)
!104 = !DILocation(line: 24, column: 18, scope: !15)
!105 = !DILocation(line: 24, column: 42, scope: !15)
!106 = !DILocation(line: 24, column: 46, scope: !15)
!107 = !DILocation(line: 24, column: 37, scope: !15)
!108 = !DILocation(line: 24, column: 33, scope: !15)
!109 = !DILocation(line: 24, column: 3, scope: !15)
!110 = !DILocation(line: 24, column: 8, scope: !15)
!111 = !DILocation(line: 25, column: 19, scope: !15)
!112 = !DILocation(line: 25, column: 10, scope: !15)
!113 = !DILocation(line: 25, column: 3, scope: !15)
!114 = !DILocation(line: 25, column: 8, scope: !15)
!115 = !DILocation(line: 26, column: 10, scope: !15)
!116 = !DILocation(line: 26, column: 3, scope: !15)
!117 = !DILocation(line: 26, column: 8, scope: !15)
!118 = !DILocation(line: 27, column: 1, scope: !15)
!119 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !1, file: !1, line: 8, type: !120, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!120 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !121)
!121 = !{!122, !8}
!122 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
