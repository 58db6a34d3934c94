; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/arith/loops.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 8 %o) #0 !dbg !8 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !19 !kernel_arg_type_qual !20 !kernel_arg_name !21 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %o.addr = alloca ptr addrspace(1), align 8
  %i = alloca i32, align 4
  %n = alloca i32, align 4
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  %j = alloca i32, align 4
  %t = alloca i64, align 8
  %s = alloca i32, align 4
  %j5 = alloca i32, align 4
  %d = alloca i32, align 4
  %x = alloca i32, align 4
  %found = alloca i32, align 4
  %p = alloca i32, align 4
  %q = alloca i32, align 4
  %c = alloca i64, align 8
  %steps = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8
    #dbg_declare(ptr %in.addr, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !23)
  store ptr addrspace(1) %o, ptr %o.addr, align 8
    #dbg_declare(ptr %o.addr, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !25)
    #dbg_declare(ptr %i, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !28
  %conv = trunc i64 %call to i32, !dbg !28
  store i32 %conv, ptr %i, align 4, !dbg !27
    #dbg_declare(ptr %n, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !30)
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !31
  %1 = load i32, ptr %i, align 4, !dbg !32
  %idxprom = sext i32 %1 to i64, !dbg !31
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %idxprom, !dbg !31
  %2 = load i32, ptr addrspace(1) %arrayidx, align 4, !dbg !31
  store i32 %2, ptr %n, align 4, !dbg !30
    #dbg_declare(ptr %a, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  store i64 0, ptr %a, align 8, !dbg !34
    #dbg_declare(ptr %b, !35, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !36)
  store i64 1, ptr %b, align 8, !dbg !36
    #dbg_declare(ptr %j, !37, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !39)
  store i32 0, ptr %j, align 4, !dbg !39
  br label %for.cond, !dbg !40

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %j, align 4, !dbg !41
  %4 = load i32, ptr %n, align 4, !dbg !43
  %cmp = icmp slt i32 %3, %4, !dbg !44
  br i1 %cmp, label %for.body, label %for.end, !dbg !45

for.body:                                         ; preds = %for.cond
    #dbg_declare(ptr %t, !46, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !48)
  %5 = load i64, ptr %a, align 8, !dbg !49
  store i64 %5, ptr %t, align 8, !dbg !48
  %6 = load i64, ptr %b, align 8, !dbg !50
  store i64 %6, ptr %a, align 8, !dbg !51
  %7 = load i64, ptr %t, align 8, !dbg !52
  %8 = load i64, ptr %b, align 8, !dbg !53
  %add = add nsw i64 %7, %8, !dbg !54
  store i64 %add, ptr %b, align 8, !dbg !55
  br label %for.inc, !dbg !56

for.inc:                                          ; preds = %for.body
  %9 = load i32, ptr %j, align 4, !dbg !57
  %inc = add nsw i32 %9, 1, !dbg !57
  store i32 %inc, ptr %j, align 4, !dbg !57
  br label %for.cond, !dbg !58, !llvm.loop !59

for.end:                                          ; preds = %for.cond
  %10 = load i64, ptr %a, align 8, !dbg !61
  %11 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !62
  %12 = load i32, ptr %i, align 4, !dbg !63
  %mul = mul nsw i32 5, %12, !dbg !64
  %add2 = add nsw i32 %mul, 0, !dbg !65
  %idxprom3 = sext i32 %add2 to i64, !dbg !62
  %arrayidx4 = getelementptr inbounds i64, ptr addrspace(1) %11, i64 %idxprom3, !dbg !62
  store i64 %10, ptr addrspace(1) %arrayidx4, align 8, !dbg !66
    #dbg_declare(ptr %s, !67, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !68)
  store i32 0, ptr %s, align 4, !dbg !68
    #dbg_declare(ptr %j5, !69, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !71)
  store i32 0, ptr %j5, align 4, !dbg !71
  br label %for.cond6, !dbg !72

for.cond6:                                        ; preds = %for.inc15, %for.end
  %13 = load i32, ptr %j5, align 4, !dbg !73
  %rem = srem i32 %13, 3, !dbg !77
  %cmp7 = icmp eq i32 %rem, 0, !dbg !78
  br i1 %cmp7, label %if.then, label %if.end, !dbg !79

if.then:                                          ; preds = %for.cond6
  br label %for.inc15, !dbg !80

if.end:                                           ; preds = %for.cond6
  %14 = load i32, ptr %j5, align 4, !dbg !81
  %15 = load i32, ptr %n, align 4, !dbg !83
  %mul9 = mul nsw i32 4, %15, !dbg !84
  %cmp10 = icmp sgt i32 %14, %mul9, !dbg !85
  br i1 %cmp10, label %if.then12, label %if.end13, !dbg !86

if.then12:                                        ; preds = %if.end
  br label %for.end17, !dbg !87

if.end13:                                         ; preds = %if.end
  %16 = load i32, ptr %j5, align 4, !dbg !88
  %17 = load i32, ptr %s, align 4, !dbg !89
  %add14 = add nsw i32 %17, %16, !dbg !89
  store i32 %add14, ptr %s, align 4, !dbg !89
  br label %for.inc15, !dbg !90

for.inc15:                                        ; preds = %if.end13, %if.then
  %18 = load i32, ptr %j5, align 4, !dbg !91
  %inc16 = add nsw i32 %18, 1, !dbg !91
  store i32 %inc16, ptr %j5, align 4, !dbg !91
  br label %for.cond6, !dbg !92, !llvm.loop !93

for.end17:                                        ; preds = %if.then12
  %19 = load i32, ptr %s, align 4, !dbg !96
  %conv18 = sext i32 %19 to i64, !dbg !96
  %20 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !97
  %21 = load i32, ptr %i, align 4, !dbg !98
  %mul19 = mul nsw i32 5, %21, !dbg !99
  %add20 = add nsw i32 %mul19, 1, !dbg !100
  %idxprom21 = sext i32 %add20 to i64, !dbg !97
  %arrayidx22 = getelementptr inbounds i64, ptr addrspace(1) %20, i64 %idxprom21, !dbg !97
  store i64 %conv18, ptr addrspace(1) %arrayidx22, align 8, !dbg !101
    #dbg_declare(ptr %d, !102, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !103)
  store i32 0, ptr %d, align 4, !dbg !103
    #dbg_declare(ptr %x, !104, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !105)
  %22 = load i32, ptr %n, align 4, !dbg !106
  store i32 %22, ptr %x, align 4, !dbg !105
  br label %do.body, !dbg !107

do.body:                                          ; preds = %do.cond, %for.end17
  %23 = load i32, ptr %d, align 4, !dbg !108
  %inc23 = add nsw i32 %23, 1, !dbg !108
  store i32 %inc23, ptr %d, align 4, !dbg !108
  %24 = load i32, ptr %x, align 4, !dbg !110
  %div = sdiv i32 %24, 2, !dbg !110
  store i32 %div, ptr %x, align 4, !dbg !110
  br label %do.cond, !dbg !111

do.cond:                                          ; preds = %do.body
  %25 = load i32, ptr %x, align 4, !dbg !112
  %cmp24 = icmp sgt i32 %25, 0, !dbg !113
  br i1 %cmp24, label %do.body, label %do.end, !dbg !111, !llvm.loop !114

do.end:                                           ; preds = %do.cond
  %26 = load i32, ptr %d, align 4, !dbg !116
  %conv26 = sext i32 %26 to i64, !dbg !116
  %27 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !117
  %28 = load i32, ptr %i, align 4, !dbg !118
  %mul27 = mul nsw i32 5, %28, !dbg !119
  %add28 = add nsw i32 %mul27, 2, !dbg !120
  %idxprom29 = sext i32 %add28 to i64, !dbg !117
  %arrayidx30 = getelementptr inbounds i64, ptr addrspace(1) %27, i64 %idxprom29, !dbg !117
  store i64 %conv26, ptr addrspace(1) %arrayidx30, align 8, !dbg !121
    #dbg_declare(ptr %found, !122, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !123)
  store i32 -1, ptr %found, align 4, !dbg !123
    #dbg_declare(ptr %p, !124, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !126)
  store i32 0, ptr %p, align 4, !dbg !126
  br label %for.cond31, !dbg !127

for.cond31:                                       ; preds = %for.inc52, %do.end
  %29 = load i32, ptr %p, align 4, !dbg !128
  %30 = load i32, ptr %n, align 4, !dbg !130
  %cmp32 = icmp slt i32 %29, %30, !dbg !131
  br i1 %cmp32, label %land.rhs, label %land.end, !dbg !132

land.rhs:                                         ; preds = %for.cond31
  %31 = load i32, ptr %found, align 4, !dbg !133
  %cmp34 = icmp slt i32 %31, 0, !dbg !134
  br label %land.end

land.end:                                         ; preds = %land.rhs, %for.cond31
  %32 = phi i1 [ false, %for.cond31 ], [ %cmp34, %land.rhs ], !dbg !135
  br i1 %32, label %for.body36, label %for.end54, !dbg !136

for.body36:                                       ; preds = %land.end
    #dbg_declare(ptr %q, !137, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !139)
  store i32 0, ptr %q, align 4, !dbg !139
  br label %for.cond37, !dbg !140

for.cond37:                                       ; preds = %for.inc49, %for.body36
  %33 = load i32, ptr %q, align 4, !dbg !141
  %34 = load i32, ptr %n, align 4, !dbg !143
  %cmp38 = icmp slt i32 %33, %34, !dbg !144
  br i1 %cmp38, label %for.body40, label %for.end51, !dbg !145

for.body40:                                       ; preds = %for.cond37
  %35 = load i32, ptr %p, align 4, !dbg !146
  %36 = load i32, ptr %q, align 4, !dbg !148
  %mul41 = mul nsw i32 %35, %36, !dbg !149
  %37 = load i32, ptr %n, align 4, !dbg !150
  %add42 = add nsw i32 %37, 2, !dbg !151
  %cmp43 = icmp eq i32 %mul41, %add42, !dbg !152
  br i1 %cmp43, label %if.then45, label %if.end48, !dbg !153

if.then45:                                        ; preds = %for.body40
  %38 = load i32, ptr %p, align 4, !dbg !154
  %mul46 = mul nsw i32 %38, 100, !dbg !156
  %39 = load i32, ptr %q, align 4, !dbg !157
  %add47 = add nsw i32 %mul46, %39, !dbg !158
  store i32 %add47, ptr %found, align 4, !dbg !159
  br label %for.end51, !dbg !160

if.end48:                                         ; preds = %for.body40
  br label %for.inc49, !dbg !161

for.inc49:                                        ; preds = %if.end48
  %40 = load i32, ptr %q, align 4, !dbg !162
  %inc50 = add nsw i32 %40, 1, !dbg !162
  store i32 %inc50, ptr %q, align 4, !dbg !162
  br label %for.cond37, !dbg !163, !llvm.loop !164

for.end51:                                        ; preds = %if.then45, %for.cond37
  br label %for.inc52, !dbg !165

for.inc52:                                        ; preds = %for.end51
  %41 = load i32, ptr %p, align 4, !dbg !166
  %inc53 = add nsw i32 %41, 1, !dbg !166
  store i32 %inc53, ptr %p, align 4, !dbg !166
  br label %for.cond31, !dbg !167, !llvm.loop !168

for.end54:                                        ; preds = %land.end
  %42 = load i32, ptr %found, align 4, !dbg !170
  %conv55 = sext i32 %42 to i64, !dbg !170
  %43 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !171
  %44 = load i32, ptr %i, align 4, !dbg !172
  %mul56 = mul nsw i32 5, %44, !dbg !173
  %add57 = add nsw i32 %mul56, 3, !dbg !174
  %idxprom58 = sext i32 %add57 to i64, !dbg !171
  %arrayidx59 = getelementptr inbounds i64, ptr addrspace(1) %43, i64 %idxprom58, !dbg !171
  store i64 %conv55, ptr addrspace(1) %arrayidx59, align 8, !dbg !175
    #dbg_declare(ptr %c, !176, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !177)
  %45 = load i32, ptr %n, align 4, !dbg !178
  %add60 = add nsw i32 %45, 1, !dbg !179
  %conv61 = sext i32 %add60 to i64, !dbg !178
  store i64 %conv61, ptr %c, align 8, !dbg !177
    #dbg_declare(ptr %steps, !180, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !181)
  store i64 0, ptr %steps, align 8, !dbg !181
  br label %while.cond, !dbg !182

while.cond:                                       ; preds = %cond.end, %for.end54
  %46 = load i64, ptr %c, align 8, !dbg !183
  %cmp62 = icmp ne i64 %46, 1, !dbg !184
  br i1 %cmp62, label %while.body, label %while.end, !dbg !182

while.body:                                       ; preds = %while.cond
  %47 = load i64, ptr %c, align 8, !dbg !185
  %and = and i64 %47, 1, !dbg !187
  %tobool = icmp ne i64 %and, 0, !dbg !187
  br i1 %tobool, label %cond.true, label %cond.false, !dbg !188

cond.true:                                        ; preds = %while.body
  %48 = load i64, ptr %c, align 8, !dbg !189
  %mul64 = mul nsw i64 3, %48, !dbg !190
  %add65 = add nsw i64 %mul64, 1, !dbg !191
  br label %cond.end, !dbg !188

cond.false:                                       ; preds = %while.body
  %49 = load i64, ptr %c, align 8, !dbg !192
  %div66 = sdiv i64 %49, 2, !dbg !193
  br label %cond.end, !dbg !188

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i64 [ %add65, %cond.true ], [ %div66, %cond.false ], !dbg !188
  store i64 %cond, ptr %c, align 8, !dbg !194
  %50 = load i64, ptr %steps, align 8, !dbg !195
  %inc67 = add nsw i64 %50, 1, !dbg !195
  store i64 %inc67, ptr %steps, align 8, !dbg !195
  br label %while.cond, !dbg !182, !llvm.loop !196

while.end:                                        ; preds = %while.cond
  %51 = load i64, ptr %steps, align 8, !dbg !198
  %52 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !199
  %53 = load i32, ptr %i, align 4, !dbg !200
  %mul68 = mul nsw i32 5, %53, !dbg !201
  %add69 = add nsw i32 %mul68, 4, !dbg !202
  %idxprom70 = sext i32 %add69 to i64, !dbg !199
  %arrayidx71 = getelementptr inbounds i64, ptr addrspace(1) %52, i64 %idxprom70, !dbg !199
  store i64 %51, ptr addrspace(1) %arrayidx71, align 8, !dbg !203
  ret void, !dbg !204
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/arith/loops.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "11e90a4c8af14e4619b13951843a7f81")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !9, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !14}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64, dwarfAddressSpace: 1)
!15 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!16 = !{}
!17 = !{i32 1, i32 1}
!18 = !{!"none", !"none"}
!19 = !{!"int*", !"long*"}
!20 = !{!"const", !""}
!21 = !{!"in", !"o"}
!22 = !DILocalVariable(name: "in", arg: 1, scope: !8, file: !1, line: 3, type: !11)
!23 = !DILocation(line: 3, column: 33, scope: !8)
!24 = !DILocalVariable(name: "o", arg: 2, scope: !8, file: !1, line: 3, type: !14)
!25 = !DILocation(line: 3, column: 50, scope: !8)
!26 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 4, type: !13)
!27 = !DILocation(line: 4, column: 7, scope: !8)
!28 = !DILocation(line: 4, column: 11, scope: !8)
!29 = !DILocalVariable(name: "n", scope: !8, file: !1, line: 5, type: !13)
!30 = !DILocation(line: 5, column: 7, scope: !8)
!31 = !DILocation(line: 5, column: 11, scope: !8)
!32 = !DILocation(line: 5, column: 14, scope: !8)
!33 = !DILocalVariable(name: "a", scope: !8, file: !1, line: 6, type: !15)
!34 = !DILocation(line: 6, column: 8, scope: !8)
!35 = !DILocalVariable(name: "b", scope: !8, file: !1, line: 6, type: !15)
!36 = !DILocation(line: 6, column: 15, scope: !8)
!37 = !DILocalVariable(name: "j", scope: !38, file: !1, line: 7, type: !13)
!38 = distinct !DILexicalBlock(scope: !8, file: !1, line: 7, column: 3)
!39 = !DILocation(line: 7, column: 12, scope: !38)
!40 = !DILocation(line: 7, column: 8, scope: !38)
!41 = !DILocation(line: 7, column: 19, scope: !42)
!42 = distinct !DILexicalBlock(scope: !38, file: !1, line: 7, column: 3)
!43 = !DILocation(line: 7, column: 23, scope: !42)
!44 = !DILocation(line: 7, column: 21, scope: !42)
!45 = !DILocation(line: 7, column: 3, scope: !38)
!46 = !DILocalVariable(name: "t", scope: !47, file: !1, line: 7, type: !15)
!47 = distinct !DILexicalBlock(scope: !42, file: !1, line: 7, column: 31)
!48 = !DILocation(line: 7, column: 38, scope: !47)
!49 = !DILocation(line: 7, column: 42, scope: !47)
!50 = !DILocation(line: 7, column: 49, scope: !47)
!51 = !DILocation(line: 7, column: 47, scope: !47)
!52 = !DILocation(line: 7, column: 56, scope: !47)
!53 = !DILocation(line: 7, column: 60, scope: !47)
!54 = !DILocation(line: 7, column: 58, scope: !47)
!55 = !DILocation(line: 7, column: 54, scope: !47)
!56 = !DILocation(line: 7, column: 63, scope: !47)
!57 = !DILocation(line: 7, column: 27, scope: !42)
!58 = !DILocation(line: 7, column: 3, scope: !42)
!59 = distinct !{!59, !45, !60}
!60 = !DILocation(line: 7, column: 63, scope: !38)
!61 = !DILocation(line: 8, column: 18, scope: !8)
!62 = !DILocation(line: 8, column: 3, scope: !8)
!63 = !DILocation(line: 8, column: 9, scope: !8)
!64 = !DILocation(line: 8, column: 7, scope: !8)
!65 = !DILocation(line: 8, column: 11, scope: !8)
!66 = !DILocation(line: 8, column: 16, scope: !8)
!67 = !DILocalVariable(name: "s", scope: !8, file: !1, line: 9, type: !13)
!68 = !DILocation(line: 9, column: 7, scope: !8)
!69 = !DILocalVariable(name: "j", scope: !70, file: !1, line: 10, type: !13)
!70 = distinct !DILexicalBlock(scope: !8, file: !1, line: 10, column: 3)
!71 = !DILocation(line: 10, column: 12, scope: !70)
!72 = !DILocation(line: 10, column: 8, scope: !70)
!73 = !DILocation(line: 11, column: 9, scope: !74)
!74 = distinct !DILexicalBlock(scope: !75, file: !1, line: 11, column: 9)
!75 = distinct !DILexicalBlock(scope: !76, file: !1, line: 10, column: 26)
!76 = distinct !DILexicalBlock(scope: !70, file: !1, line: 10, column: 3)
!77 = !DILocation(line: 11, column: 11, scope: !74)
!78 = !DILocation(line: 11, column: 15, scope: !74)
!79 = !DILocation(line: 11, column: 9, scope: !75)
!80 = !DILocation(line: 11, column: 21, scope: !74)
!81 = !DILocation(line: 12, column: 9, scope: !82)
!82 = distinct !DILexicalBlock(scope: !75, file: !1, line: 12, column: 9)
!83 = !DILocation(line: 12, column: 17, scope: !82)
!84 = !DILocation(line: 12, column: 15, scope: !82)
!85 = !DILocation(line: 12, column: 11, scope: !82)
!86 = !DILocation(line: 12, column: 9, scope: !75)
!87 = !DILocation(line: 12, column: 20, scope: !82)
!88 = !DILocation(line: 13, column: 10, scope: !75)
!89 = !DILocation(line: 13, column: 7, scope: !75)
!90 = !DILocation(line: 14, column: 3, scope: !75)
!91 = !DILocation(line: 10, column: 22, scope: !76)
!92 = !DILocation(line: 10, column: 3, scope: !76)
!93 = distinct !{!93, !94, !95}
!94 = !DILocation(line: 10, column: 3, scope: !70)
!95 = !DILocation(line: 14, column: 3, scope: !70)
!96 = !DILocation(line: 15, column: 18, scope: !8)
!97 = !DILocation(line: 15, column: 3, scope: !8)
!98 = !DILocation(line: 15, column: 9, scope: !8)
!99 = !DILocation(line: 15, column: 7, scope: !8)
!100 = !DILocation(line: 15, column: 11, scope: !8)
!101 = !DILocation(line: 15, column: 16, scope: !8)
!102 = !DILocalVariable(name: "d", scope: !8, file: !1, line: 16, type: !13)
!103 = !DILocation(line: 16, column: 7, scope: !8)
!104 = !DILocalVariable(name: "x", scope: !8, file: !1, line: 16, type: !13)
!105 = !DILocation(line: 16, column: 14, scope: !8)
!106 = !DILocation(line: 16, column: 18, scope: !8)
!107 = !DILocation(line: 17, column: 3, scope: !8)
!108 = !DILocation(line: 17, column: 9, scope: !109)
!109 = distinct !DILexicalBlock(scope: !8, file: !1, line: 17, column: 6)
!110 = !DILocation(line: 17, column: 15, scope: !109)
!111 = !DILocation(line: 17, column: 21, scope: !109)
!112 = !DILocation(line: 17, column: 30, scope: !8)
!113 = !DILocation(line: 17, column: 32, scope: !8)
!114 = distinct !{!114, !107, !115}
!115 = !DILocation(line: 17, column: 35, scope: !8)
!116 = !DILocation(line: 18, column: 18, scope: !8)
!117 = !DILocation(line: 18, column: 3, scope: !8)
!118 = !DILocation(line: 18, column: 9, scope: !8)
!119 = !DILocation(line: 18, column: 7, scope: !8)
!120 = !DILocation(line: 18, column: 11, scope: !8)
!121 = !DILocation(line: 18, column: 16, scope: !8)
!122 = !DILocalVariable(name: "found", scope: !8, file: !1, line: 19, type: !13)
!123 = !DILocation(line: 19, column: 7, scope: !8)
!124 = !DILocalVariable(name: "p", scope: !125, file: !1, line: 20, type: !13)
!125 = distinct !DILexicalBlock(scope: !8, file: !1, line: 20, column: 3)
!126 = !DILocation(line: 20, column: 12, scope: !125)
!127 = !DILocation(line: 20, column: 8, scope: !125)
!128 = !DILocation(line: 20, column: 19, scope: !129)
!129 = distinct !DILexicalBlock(scope: !125, file: !1, line: 20, column: 3)
!130 = !DILocation(line: 20, column: 23, scope: !129)
!131 = !DILocation(line: 20, column: 21, scope: !129)
!132 = !DILocation(line: 20, column: 25, scope: !129)
!133 = !DILocation(line: 20, column: 28, scope: !129)
!134 = !DILocation(line: 20, column: 34, scope: !129)
!135 = !DILocation(line: 0, scope: !129)
!136 = !DILocation(line: 20, column: 3, scope: !125)
!137 = !DILocalVariable(name: "q", scope: !138, file: !1, line: 21, type: !13)
!138 = distinct !DILexicalBlock(scope: !129, file: !1, line: 21, column: 5)
!139 = !DILocation(line: 21, column: 14, scope: !138)
!140 = !DILocation(line: 21, column: 10, scope: !138)
!141 = !DILocation(line: 21, column: 21, scope: !142)
!142 = distinct !DILexicalBlock(scope: !138, file: !1, line: 21, column: 5)
!143 = !DILocation(line: 21, column: 25, scope: !142)
!144 = !DILocation(line: 21, column: 23, scope: !142)
!145 = !DILocation(line: 21, column: 5, scope: !138)
!146 = !DILocation(line: 22, column: 11, scope: !147)
!147 = distinct !DILexicalBlock(scope: !142, file: !1, line: 22, column: 11)
!148 = !DILocation(line: 22, column: 15, scope: !147)
!149 = !DILocation(line: 22, column: 13, scope: !147)
!150 = !DILocation(line: 22, column: 20, scope: !147)
!151 = !DILocation(line: 22, column: 22, scope: !147)
!152 = !DILocation(line: 22, column: 17, scope: !147)
!153 = !DILocation(line: 22, column: 11, scope: !142)
!154 = !DILocation(line: 22, column: 37, scope: !155)
!155 = distinct !DILexicalBlock(scope: !147, file: !1, line: 22, column: 27)
!156 = !DILocation(line: 22, column: 39, scope: !155)
!157 = !DILocation(line: 22, column: 47, scope: !155)
!158 = !DILocation(line: 22, column: 45, scope: !155)
!159 = !DILocation(line: 22, column: 35, scope: !155)
!160 = !DILocation(line: 22, column: 50, scope: !155)
!161 = !DILocation(line: 22, column: 24, scope: !147)
!162 = !DILocation(line: 21, column: 29, scope: !142)
!163 = !DILocation(line: 21, column: 5, scope: !142)
!164 = distinct !{!164, !145, !165}
!165 = !DILocation(line: 22, column: 57, scope: !138)
!166 = !DILocation(line: 20, column: 40, scope: !129)
!167 = !DILocation(line: 20, column: 3, scope: !129)
!168 = distinct !{!168, !136, !169}
!169 = !DILocation(line: 22, column: 57, scope: !125)
!170 = !DILocation(line: 23, column: 18, scope: !8)
!171 = !DILocation(line: 23, column: 3, scope: !8)
!172 = !DILocation(line: 23, column: 9, scope: !8)
!173 = !DILocation(line: 23, column: 7, scope: !8)
!174 = !DILocation(line: 23, column: 11, scope: !8)
!175 = !DILocation(line: 23, column: 16, scope: !8)
!176 = !DILocalVariable(name: "c", scope: !8, file: !1, line: 24, type: !15)
!177 = !DILocation(line: 24, column: 8, scope: !8)
!178 = !DILocation(line: 24, column: 12, scope: !8)
!179 = !DILocation(line: 24, column: 14, scope: !8)
!180 = !DILocalVariable(name: "steps", scope: !8, file: !1, line: 24, type: !15)
!181 = !DILocation(line: 24, column: 19, scope: !8)
!182 = !DILocation(line: 25, column: 3, scope: !8)
!183 = !DILocation(line: 25, column: 10, scope: !8)
!184 = !DILocation(line: 25, column: 12, scope: !8)
!185 = !DILocation(line: 25, column: 25, scope: !186)
!186 = distinct !DILexicalBlock(scope: !8, file: !1, line: 25, column: 18)
!187 = !DILocation(line: 25, column: 27, scope: !186)
!188 = !DILocation(line: 25, column: 24, scope: !186)
!189 = !DILocation(line: 25, column: 38, scope: !186)
!190 = !DILocation(line: 25, column: 36, scope: !186)
!191 = !DILocation(line: 25, column: 40, scope: !186)
!192 = !DILocation(line: 25, column: 46, scope: !186)
!193 = !DILocation(line: 25, column: 48, scope: !186)
!194 = !DILocation(line: 25, column: 22, scope: !186)
!195 = !DILocation(line: 25, column: 58, scope: !186)
!196 = distinct !{!196, !182, !197}
!197 = !DILocation(line: 25, column: 62, scope: !8)
!198 = !DILocation(line: 26, column: 18, scope: !8)
!199 = !DILocation(line: 26, column: 3, scope: !8)
!200 = !DILocation(line: 26, column: 9, scope: !8)
!201 = !DILocation(line: 26, column: 7, scope: !8)
!202 = !DILocation(line: 26, column: 11, scope: !8)
!203 = !DILocation(line: 26, column: 16, scope: !8)
!204 = !DILocation(line: 27, column: 1, scope: !8)
