; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/arith/switch_sparse.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite)
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef readonly align 8 %in, ptr addrspace(1) nocapture noundef writeonly align 4 %o) local_unnamed_addr #0 !dbg !8 !kernel_arg_addr_space !22 !kernel_arg_access_qual !23 !kernel_arg_type !24 !kernel_arg_base_type !24 !kernel_arg_type_qual !25 !kernel_arg_name !26 {
entry:
    #dbg_value(ptr addrspace(1) %in, !17, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
    #dbg_value(ptr addrspace(1) %o, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !28
    #dbg_value(i64 %call, !19, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_lit0, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value), !27)
  %0 = shl i64 %call, 32, !dbg !29
  %idxprom = ashr exact i64 %0, 32, !dbg !29
  %arrayidx = getelementptr inbounds i64, ptr addrspace(1) %in, i64 %idxprom, !dbg !29
  %1 = load i64, ptr addrspace(1) %arrayidx, align 8, !dbg !29, !tbaa !30
    #dbg_value(i64 %1, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  switch i64 %1, label %sw.default [
    i64 -5, label %sw.epilog
    i64 1, label %sw.bb1
    i64 100, label %sw.bb2
    i64 1000, label %sw.bb3
    i64 65536, label %sw.bb4
    i64 4294967296, label %sw.bb5
    i64 -9223372036854775808, label %sw.bb6
  ], !dbg !34

sw.bb1:                                           ; preds = %entry
    #dbg_value(i32 2, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !35

sw.bb2:                                           ; preds = %entry
    #dbg_value(i32 3, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !37

sw.bb3:                                           ; preds = %entry
    #dbg_value(i32 4, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !38

sw.bb4:                                           ; preds = %entry
    #dbg_value(i32 5, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !39

sw.bb5:                                           ; preds = %entry
    #dbg_value(i32 6, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !40

sw.bb6:                                           ; preds = %entry
    #dbg_value(i32 7, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !41

sw.default:                                       ; preds = %entry
    #dbg_value(i32 0, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %sw.epilog, !dbg !42

sw.epilog:                                        ; preds = %entry, %sw.default, %sw.bb6, %sw.bb5, %sw.bb4, %sw.bb3, %sw.bb2, %sw.bb1
  %r.0 = phi i32 [ 0, %sw.default ], [ 7, %sw.bb6 ], [ 6, %sw.bb5 ], [ 5, %sw.bb4 ], [ 4, %sw.bb3 ], [ 3, %sw.bb2 ], [ 2, %sw.bb1 ], [ 1, %entry ], !dbg !43
    #dbg_value(i32 %r.0, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  %arrayidx8 = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %idxprom, !dbg !44
  store i32 %r.0, ptr addrspace(1) %arrayidx8, align 4, !dbg !45, !tbaa !46
  ret void, !dbg !48
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !49 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/arith/switch_sparse.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "9a8591c21bfe38869243278aa29373d1")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !14}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64, dwarfAddressSpace: 1)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !{!17, !18, !19, !20, !21}
!17 = !DILocalVariable(name: "in", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!18 = !DILocalVariable(name: "o", arg: 2, scope: !8, file: !1, line: 2, type: !14)
!19 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 3, type: !15)
!20 = !DILocalVariable(name: "v", scope: !8, file: !1, line: 4, type: !13)
!21 = !DILocalVariable(name: "r", scope: !8, file: !1, line: 5, type: !15)
!22 = !{i32 1, i32 1}
!23 = !{!"none", !"none"}
!24 = !{!"long*", !"int*"}
!25 = !{!"const", !""}
!26 = !{!"in", !"o"}
!27 = !DILocation(line: 0, scope: !8)
!28 = !DILocation(line: 3, column: 11, scope: !8)
!29 = !DILocation(line: 4, column: 12, scope: !8)
!30 = !{!31, !31, i64 0}
!31 = !{!"long", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C/C++ TBAA"}
!34 = !DILocation(line: 6, column: 3, scope: !8)
!35 = !DILocation(line: 8, column: 20, scope: !36)
!36 = distinct !DILexicalBlock(scope: !8, file: !1, line: 6, column: 14)
!37 = !DILocation(line: 9, column: 22, scope: !36)
!38 = !DILocation(line: 10, column: 23, scope: !36)
!39 = !DILocation(line: 11, column: 24, scope: !36)
!40 = !DILocation(line: 12, column: 31, scope: !36)
!41 = !DILocation(line: 13, column: 44, scope: !36)
!42 = !DILocation(line: 14, column: 21, scope: !36)
!43 = !DILocation(line: 0, scope: !36)
!44 = !DILocation(line: 16, column: 3, scope: !8)
!45 = !DILocation(line: 16, column: 8, scope: !8)
!46 = !{!47, !47, i64 0}
!47 = !{!"int", !32, i64 0}
!48 = !DILocation(line: 17, column: 1, scope: !8)
!49 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !1, file: !1, line: 3, type: !50, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!50 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !51)
!51 = !{!52, !53}
!52 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!53 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
