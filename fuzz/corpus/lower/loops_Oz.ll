; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/arith/loops.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent minsize nofree norecurse nounwind optsize memory(argmem: readwrite)
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef readonly align 4 %in, ptr addrspace(1) nocapture noundef writeonly align 8 %o) local_unnamed_addr #0 !dbg !8 !kernel_arg_addr_space !41 !kernel_arg_access_qual !42 !kernel_arg_type !43 !kernel_arg_base_type !43 !kernel_arg_type_qual !44 !kernel_arg_name !45 {
entry:
    #dbg_value(ptr addrspace(1) %in, !17, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(ptr addrspace(1) %o, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !47
  %conv = trunc i64 %call to i32, !dbg !47
    #dbg_value(i32 %conv, !19, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %idxprom = sext i32 %conv to i64, !dbg !48
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idxprom, !dbg !48
  %0 = load i32, ptr addrspace(1) %arrayidx, align 4, !dbg !48, !tbaa !49
    #dbg_value(i32 %0, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i64 0, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i64 1, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i32 0, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !53)
  br label %for.cond, !dbg !54

for.cond:                                         ; preds = %for.body, %entry
  %b.0 = phi i64 [ 1, %entry ], [ %add, %for.body ], !dbg !46
  %j.0 = phi i32 [ 0, %entry ], [ %inc, %for.body ], !dbg !55
  %a.0 = phi i64 [ 0, %entry ], [ %b.0, %for.body ], !dbg !46
    #dbg_value(i64 %a.0, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i32 %j.0, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !53)
    #dbg_value(i64 %b.0, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %cmp = icmp slt i32 %j.0, %0, !dbg !56
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !dbg !57

for.cond.cleanup:                                 ; preds = %for.cond
  %mul = mul nsw i32 %conv, 5, !dbg !58
  %idxprom3 = sext i32 %mul to i64, !dbg !59
  %arrayidx4 = getelementptr inbounds i64, ptr addrspace(1) %o, i64 %idxprom3, !dbg !59
  store i64 %a.0, ptr addrspace(1) %arrayidx4, align 8, !dbg !60, !tbaa !61
    #dbg_value(i32 0, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i32 0, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !63)
  %mul9 = shl nsw i32 %0, 2, !dbg !64
  br label %for.cond6, !dbg !68

for.body:                                         ; preds = %for.cond
    #dbg_value(i64 %a.0, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !69)
    #dbg_value(i64 %b.0, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %add = add nsw i64 %a.0, %b.0, !dbg !70
    #dbg_value(i64 %add, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %inc = add nuw nsw i32 %j.0, 1, !dbg !71
    #dbg_value(i32 %inc, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !53)
  br label %for.cond, !dbg !72, !llvm.loop !73

for.cond6:                                        ; preds = %for.inc15, %for.cond.cleanup
  %s.0 = phi i32 [ 0, %for.cond.cleanup ], [ %s.1, %for.inc15 ], !dbg !75
  %j5.0 = phi i32 [ 0, %for.cond.cleanup ], [ %inc16, %for.inc15 ], !dbg !76
    #dbg_value(i32 %j5.0, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !63)
    #dbg_value(i32 %s.0, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %rem = urem i32 %j5.0, 3, !dbg !77
  %cmp7 = icmp eq i32 %rem, 0, !dbg !79
  br i1 %cmp7, label %for.inc15, label %if.end, !dbg !80

if.end:                                           ; preds = %for.cond6
  %cmp10 = icmp sgt i32 %j5.0, %mul9, !dbg !81
  br i1 %cmp10, label %if.then12, label %if.end13, !dbg !82

if.then12:                                        ; preds = %if.end
  %conv18 = sext i32 %s.0 to i64, !dbg !83
  %arrayidx22 = getelementptr i8, ptr addrspace(1) %arrayidx4, i64 8, !dbg !84
  store i64 %conv18, ptr addrspace(1) %arrayidx22, align 8, !dbg !85, !tbaa !61
    #dbg_value(i32 0, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i32 %0, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  br label %do.body, !dbg !86

if.end13:                                         ; preds = %if.end
  %add14 = add nsw i32 %j5.0, %s.0, !dbg !87
    #dbg_value(i32 %add14, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  br label %for.inc15, !dbg !88

for.inc15:                                        ; preds = %for.cond6, %if.end13
  %s.1 = phi i32 [ %s.0, %for.cond6 ], [ %add14, %if.end13 ], !dbg !46
    #dbg_value(i32 %s.1, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %inc16 = add nuw nsw i32 %j5.0, 1, !dbg !89
    #dbg_value(i32 %inc16, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !63)
  br label %for.cond6, !dbg !90, !llvm.loop !91

do.body:                                          ; preds = %do.body, %if.then12
  %d.0 = phi i32 [ 0, %if.then12 ], [ %inc23, %do.body ], !dbg !46
  %x.0 = phi i32 [ %0, %if.then12 ], [ %div110111, %do.body ], !dbg !46
    #dbg_value(i32 %x.0, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i32 %d.0, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %inc23 = add nuw nsw i32 %d.0, 1, !dbg !94
    #dbg_value(i32 %inc23, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %div110111 = lshr i32 %x.0, 1, !dbg !96
    #dbg_value(i32 %div110111, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %cmp24 = icmp sgt i32 %x.0, 1, !dbg !97
  br i1 %cmp24, label %do.body, label %do.end, !dbg !98, !llvm.loop !99

do.end:                                           ; preds = %do.body
  %conv26 = zext nneg i32 %inc23 to i64, !dbg !101
  %arrayidx30 = getelementptr i8, ptr addrspace(1) %arrayidx4, i64 16, !dbg !102
  store i64 %conv26, ptr addrspace(1) %arrayidx30, align 8, !dbg !103, !tbaa !61
    #dbg_value(i32 -1, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i32 0, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !104)
  %add44 = add nsw i32 %0, 2
  br label %for.cond31, !dbg !105

for.cond31:                                       ; preds = %cleanup, %do.end
  %found.0 = phi i32 [ -1, %do.end ], [ %found.1, %cleanup ], !dbg !46
  %p.0 = phi i32 [ 0, %do.end ], [ %inc55, %cleanup ], !dbg !106
    #dbg_value(i32 %p.0, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !104)
    #dbg_value(i32 %found.0, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %cmp32 = icmp slt i32 %p.0, %0, !dbg !107
  %cmp34 = icmp slt i32 %found.0, 0, !dbg !108
  %1 = select i1 %cmp32, i1 %cmp34, i1 false, !dbg !108
  br i1 %1, label %for.cond38, label %for.cond.cleanup36, !dbg !109

for.cond.cleanup36:                               ; preds = %for.cond31
  %conv58 = sext i32 %found.0 to i64, !dbg !110
  %arrayidx62 = getelementptr i8, ptr addrspace(1) %arrayidx4, i64 24, !dbg !111
  store i64 %conv58, ptr addrspace(1) %arrayidx62, align 8, !dbg !112, !tbaa !61
  %add63 = add nsw i32 %0, 1, !dbg !113
  %conv64 = sext i32 %add63 to i64, !dbg !114
    #dbg_value(i64 %conv64, !39, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i64 0, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  br label %while.cond, !dbg !115

for.cond38:                                       ; preds = %for.cond31, %for.inc51
  %q.0 = phi i32 [ %inc52, %for.inc51 ], [ 0, %for.cond31 ], !dbg !116
    #dbg_value(i32 %q.0, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !117)
  %cmp39 = icmp slt i32 %q.0, %0, !dbg !118
  br i1 %cmp39, label %for.body42, label %cleanup, !dbg !120

for.body42:                                       ; preds = %for.cond38
  %mul43 = mul nuw nsw i32 %q.0, %p.0, !dbg !121
  %cmp45 = icmp eq i32 %mul43, %add44, !dbg !123
  br i1 %cmp45, label %if.then47, label %for.inc51, !dbg !124

if.then47:                                        ; preds = %for.body42
  %mul48 = mul nuw nsw i32 %p.0, 100, !dbg !125
  %add49 = add nuw nsw i32 %q.0, %mul48, !dbg !127
    #dbg_value(i32 %add49, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  br label %cleanup, !dbg !128

for.inc51:                                        ; preds = %for.body42
  %inc52 = add nuw nsw i32 %q.0, 1, !dbg !129
    #dbg_value(i32 %inc52, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !117)
  br label %for.cond38, !dbg !130, !llvm.loop !131

cleanup:                                          ; preds = %for.cond38, %if.then47
  %found.1 = phi i32 [ %add49, %if.then47 ], [ %found.0, %for.cond38 ], !dbg !46
    #dbg_value(i32 %found.1, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %inc55 = add nuw nsw i32 %p.0, 1, !dbg !133
    #dbg_value(i32 %inc55, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !104)
  br label %for.cond31, !dbg !134, !llvm.loop !135

while.cond:                                       ; preds = %while.body, %for.cond.cleanup36
  %c.0 = phi i64 [ %conv64, %for.cond.cleanup36 ], [ %cond, %while.body ], !dbg !46
  %steps.0 = phi i64 [ 0, %for.cond.cleanup36 ], [ %inc70, %while.body ], !dbg !46
    #dbg_value(i64 %steps.0, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_value(i64 %c.0, !39, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %cmp65.not = icmp eq i64 %c.0, 1, !dbg !137
  br i1 %cmp65.not, label %while.end, label %while.body, !dbg !115

while.body:                                       ; preds = %while.cond
  %and = and i64 %c.0, 1, !dbg !138
  %tobool.not = icmp eq i64 %and, 0, !dbg !138
  %mul67 = mul nsw i64 %c.0, 3, !dbg !140
  %add68 = add nsw i64 %mul67, 1, !dbg !140
  %div69 = ashr exact i64 %c.0, 1, !dbg !140
  %cond = select i1 %tobool.not, i64 %div69, i64 %add68, !dbg !140
    #dbg_value(i64 %cond, !39, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  %inc70 = add nuw nsw i64 %steps.0, 1, !dbg !141
    #dbg_value(i64 %inc70, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
  br label %while.cond, !dbg !115, !llvm.loop !142

while.end:                                        ; preds = %while.cond
  %arrayidx74 = getelementptr i8, ptr addrspace(1) %arrayidx4, i64 32, !dbg !144
  store i64 %steps.0, ptr addrspace(1) %arrayidx74, align 8, !dbg !145, !tbaa !61
  ret void, !dbg !146
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !147 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent minsize nofree norecurse nounwind optsize memory(argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/arith/loops.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "11e90a4c8af14e4619b13951843a7f81")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !9, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !14}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64, dwarfAddressSpace: 1)
!15 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!16 = !{!17, !18, !19, !20, !21, !22, !23, !25, !28, !29, !31, !32, !33, !34, !36, !39, !40}
!17 = !DILocalVariable(name: "in", arg: 1, scope: !8, file: !1, line: 3, type: !11)
!18 = !DILocalVariable(name: "o", arg: 2, scope: !8, file: !1, line: 3, type: !14)
!19 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 4, type: !13)
!20 = !DILocalVariable(name: "n", scope: !8, file: !1, line: 5, type: !13)
!21 = !DILocalVariable(name: "a", scope: !8, file: !1, line: 6, type: !15)
!22 = !DILocalVariable(name: "b", scope: !8, file: !1, line: 6, type: !15)
!23 = !DILocalVariable(name: "j", scope: !24, file: !1, line: 7, type: !13)
!24 = distinct !DILexicalBlock(scope: !8, file: !1, line: 7, column: 3)
!25 = !DILocalVariable(name: "t", scope: !26, file: !1, line: 7, type: !15)
!26 = distinct !DILexicalBlock(scope: !27, file: !1, line: 7, column: 31)
!27 = distinct !DILexicalBlock(scope: !24, file: !1, line: 7, column: 3)
!28 = !DILocalVariable(name: "s", scope: !8, file: !1, line: 9, type: !13)
!29 = !DILocalVariable(name: "j", scope: !30, file: !1, line: 10, type: !13)
!30 = distinct !DILexicalBlock(scope: !8, file: !1, line: 10, column: 3)
!31 = !DILocalVariable(name: "d", scope: !8, file: !1, line: 16, type: !13)
!32 = !DILocalVariable(name: "x", scope: !8, file: !1, line: 16, type: !13)
!33 = !DILocalVariable(name: "found", scope: !8, file: !1, line: 19, type: !13)
!34 = !DILocalVariable(name: "p", scope: !35, file: !1, line: 20, type: !13)
!35 = distinct !DILexicalBlock(scope: !8, file: !1, line: 20, column: 3)
!36 = !DILocalVariable(name: "q", scope: !37, file: !1, line: 21, type: !13)
!37 = distinct !DILexicalBlock(scope: !38, file: !1, line: 21, column: 5)
!38 = distinct !DILexicalBlock(scope: !35, file: !1, line: 20, column: 3)
!39 = !DILocalVariable(name: "c", scope: !8, file: !1, line: 24, type: !15)
!40 = !DILocalVariable(name: "steps", scope: !8, file: !1, line: 24, type: !15)
!41 = !{i32 1, i32 1}
!42 = !{!"none", !"none"}
!43 = !{!"int*", !"long*"}
!44 = !{!"const", !""}
!45 = !{!"in", !"o"}
!46 = !DILocation(line: 0, scope: !8)
!47 = !DILocation(line: 4, column: 11, scope: !8)
!48 = !DILocation(line: 5, column: 11, scope: !8)
!49 = !{!50, !50, i64 0}
!50 = !{!"int", !51, i64 0}
!51 = !{!"omnipotent char", !52, i64 0}
!52 = !{!"Simple C/C++ TBAA"}
!53 = !DILocation(line: 0, scope: !24)
!54 = !DILocation(line: 7, column: 8, scope: !24)
!55 = !DILocation(line: 7, scope: !24)
!56 = !DILocation(line: 7, column: 21, scope: !27)
!57 = !DILocation(line: 7, column: 3, scope: !24)
!58 = !DILocation(line: 8, column: 7, scope: !8)
!59 = !DILocation(line: 8, column: 3, scope: !8)
!60 = !DILocation(line: 8, column: 16, scope: !8)
!61 = !{!62, !62, i64 0}
!62 = !{!"long", !51, i64 0}
!63 = !DILocation(line: 0, scope: !30)
!64 = !DILocation(line: 12, column: 15, scope: !65)
!65 = distinct !DILexicalBlock(scope: !66, file: !1, line: 12, column: 9)
!66 = distinct !DILexicalBlock(scope: !67, file: !1, line: 10, column: 26)
!67 = distinct !DILexicalBlock(scope: !30, file: !1, line: 10, column: 3)
!68 = !DILocation(line: 10, column: 8, scope: !30)
!69 = !DILocation(line: 0, scope: !26)
!70 = !DILocation(line: 7, column: 58, scope: !26)
!71 = !DILocation(line: 7, column: 27, scope: !27)
!72 = !DILocation(line: 7, column: 3, scope: !27)
!73 = distinct !{!73, !57, !74}
!74 = !DILocation(line: 7, column: 63, scope: !24)
!75 = !DILocation(line: 9, column: 7, scope: !8)
!76 = !DILocation(line: 10, scope: !30)
!77 = !DILocation(line: 11, column: 11, scope: !78)
!78 = distinct !DILexicalBlock(scope: !66, file: !1, line: 11, column: 9)
!79 = !DILocation(line: 11, column: 15, scope: !78)
!80 = !DILocation(line: 11, column: 9, scope: !66)
!81 = !DILocation(line: 12, column: 11, scope: !65)
!82 = !DILocation(line: 12, column: 9, scope: !66)
!83 = !DILocation(line: 15, column: 18, scope: !8)
!84 = !DILocation(line: 15, column: 3, scope: !8)
!85 = !DILocation(line: 15, column: 16, scope: !8)
!86 = !DILocation(line: 17, column: 3, scope: !8)
!87 = !DILocation(line: 13, column: 7, scope: !66)
!88 = !DILocation(line: 14, column: 3, scope: !66)
!89 = !DILocation(line: 10, column: 22, scope: !67)
!90 = !DILocation(line: 10, column: 3, scope: !67)
!91 = distinct !{!91, !92, !93}
!92 = !DILocation(line: 10, column: 3, scope: !30)
!93 = !DILocation(line: 14, column: 3, scope: !30)
!94 = !DILocation(line: 17, column: 9, scope: !95)
!95 = distinct !DILexicalBlock(scope: !8, file: !1, line: 17, column: 6)
!96 = !DILocation(line: 17, column: 15, scope: !95)
!97 = !DILocation(line: 17, column: 32, scope: !8)
!98 = !DILocation(line: 17, column: 21, scope: !95)
!99 = distinct !{!99, !86, !100}
!100 = !DILocation(line: 17, column: 35, scope: !8)
!101 = !DILocation(line: 18, column: 18, scope: !8)
!102 = !DILocation(line: 18, column: 3, scope: !8)
!103 = !DILocation(line: 18, column: 16, scope: !8)
!104 = !DILocation(line: 0, scope: !35)
!105 = !DILocation(line: 20, column: 8, scope: !35)
!106 = !DILocation(line: 20, scope: !35)
!107 = !DILocation(line: 20, column: 21, scope: !38)
!108 = !DILocation(line: 20, column: 25, scope: !38)
!109 = !DILocation(line: 20, column: 3, scope: !35)
!110 = !DILocation(line: 23, column: 18, scope: !8)
!111 = !DILocation(line: 23, column: 3, scope: !8)
!112 = !DILocation(line: 23, column: 16, scope: !8)
!113 = !DILocation(line: 24, column: 14, scope: !8)
!114 = !DILocation(line: 24, column: 12, scope: !8)
!115 = !DILocation(line: 25, column: 3, scope: !8)
!116 = !DILocation(line: 21, scope: !37)
!117 = !DILocation(line: 0, scope: !37)
!118 = !DILocation(line: 21, column: 23, scope: !119)
!119 = distinct !DILexicalBlock(scope: !37, file: !1, line: 21, column: 5)
!120 = !DILocation(line: 21, column: 5, scope: !37)
!121 = !DILocation(line: 22, column: 13, scope: !122)
!122 = distinct !DILexicalBlock(scope: !119, file: !1, line: 22, column: 11)
!123 = !DILocation(line: 22, column: 17, scope: !122)
!124 = !DILocation(line: 22, column: 11, scope: !119)
!125 = !DILocation(line: 22, column: 39, scope: !126)
!126 = distinct !DILexicalBlock(scope: !122, file: !1, line: 22, column: 27)
!127 = !DILocation(line: 22, column: 45, scope: !126)
!128 = !DILocation(line: 22, column: 50, scope: !126)
!129 = !DILocation(line: 21, column: 29, scope: !119)
!130 = !DILocation(line: 21, column: 5, scope: !119)
!131 = distinct !{!131, !120, !132}
!132 = !DILocation(line: 22, column: 57, scope: !37)
!133 = !DILocation(line: 20, column: 40, scope: !38)
!134 = !DILocation(line: 20, column: 3, scope: !38)
!135 = distinct !{!135, !109, !136}
!136 = !DILocation(line: 22, column: 57, scope: !35)
!137 = !DILocation(line: 25, column: 12, scope: !8)
!138 = !DILocation(line: 25, column: 27, scope: !139)
!139 = distinct !DILexicalBlock(scope: !8, file: !1, line: 25, column: 18)
!140 = !DILocation(line: 25, column: 24, scope: !139)
!141 = !DILocation(line: 25, column: 58, scope: !139)
!142 = distinct !{!142, !115, !143}
!143 = !DILocation(line: 25, column: 62, scope: !8)
!144 = !DILocation(line: 26, column: 3, scope: !8)
!145 = !DILocation(line: 26, column: 16, scope: !8)
!146 = !DILocation(line: 27, column: 1, scope: !8)
!147 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !1, file: !1, line: 4, type: !148, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!148 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !149)
!149 = !{!150, !151}
!150 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!151 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
