; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/arith/switch_sparse.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 8 %in, ptr addrspace(1) noundef align 4 %o) #0 !dbg !8 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !19 !kernel_arg_type_qual !20 !kernel_arg_name !21 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %o.addr = alloca ptr addrspace(1), align 8
  %i = alloca i32, align 4
  %v = alloca i64, align 8
  %r = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8
    #dbg_declare(ptr %in.addr, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !23)
  store ptr addrspace(1) %o, ptr %o.addr, align 8
    #dbg_declare(ptr %o.addr, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !25)
    #dbg_declare(ptr %i, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !28
  %conv = trunc i64 %call to i32, !dbg !28
  store i32 %conv, ptr %i, align 4, !dbg !27
    #dbg_declare(ptr %v, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !30)
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !31
  %1 = load i32, ptr %i, align 4, !dbg !32
  %idxprom = sext i32 %1 to i64, !dbg !31
  %arrayidx = getelementptr inbounds i64, ptr addrspace(1) %0, i64 %idxprom, !dbg !31
  %2 = load i64, ptr addrspace(1) %arrayidx, align 8, !dbg !31
  store i64 %2, ptr %v, align 8, !dbg !30
    #dbg_declare(ptr %r, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %3 = load i64, ptr %v, align 8, !dbg !35
  switch i64 %3, label %sw.default [
    i64 -5, label %sw.bb
    i64 1, label %sw.bb1
    i64 100, label %sw.bb2
    i64 1000, label %sw.bb3
    i64 65536, label %sw.bb4
    i64 4294967296, label %sw.bb5
    i64 -9223372036854775808, label %sw.bb6
  ], !dbg !36

sw.bb:                                            ; preds = %entry
  store i32 1, ptr %r, align 4, !dbg !37
  br label %sw.epilog, !dbg !39

sw.bb1:                                           ; preds = %entry
  store i32 2, ptr %r, align 4, !dbg !40
  br label %sw.epilog, !dbg !41

sw.bb2:                                           ; preds = %entry
  store i32 3, ptr %r, align 4, !dbg !42
  br label %sw.epilog, !dbg !43

sw.bb3:                                           ; preds = %entry
  store i32 4, ptr %r, align 4, !dbg !44
  br label %sw.epilog, !dbg !45

sw.bb4:                                           ; preds = %entry
  store i32 5, ptr %r, align 4, !dbg !46
  br label %sw.epilog, !dbg !47

sw.bb5:                                           ; preds = %entry
  store i32 6, ptr %r, align 4, !dbg !48
  br label %sw.epilog, !dbg !49

sw.bb6:                                           ; preds = %entry
  store i32 7, ptr %r, align 4, !dbg !50
  br label %sw.epilog, !dbg !51

sw.default:                                       ; preds = %entry
  store i32 0, ptr %r, align 4, !dbg !52
  br label %sw.epilog, !dbg !53

sw.epilog:                                        ; preds = %sw.default, %sw.bb6, %sw.bb5, %sw.bb4, %sw.bb3, %sw.bb2, %sw.bb1, %sw.bb
  %4 = load i32, ptr %r, align 4, !dbg !54
  %5 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !55
  %6 = load i32, ptr %i, align 4, !dbg !56
  %idxprom7 = sext i32 %6 to i64, !dbg !55
  %arrayidx8 = getelementptr inbounds i32, ptr addrspace(1) %5, i64 %idxprom7, !dbg !55
  store i32 %4, ptr addrspace(1) %arrayidx8, align 4, !dbg !57
  ret void, !dbg !58
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
!1 = !DIFile(filename: "tests/golden/arith/switch_sparse.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "9a8591c21bfe38869243278aa29373d1")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !14}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64, dwarfAddressSpace: 1)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !{}
!17 = !{i32 1, i32 1}
!18 = !{!"none", !"none"}
!19 = !{!"long*", !"int*"}
!20 = !{!"const", !""}
!21 = !{!"in", !"o"}
!22 = !DILocalVariable(name: "in", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!23 = !DILocation(line: 2, column: 34, scope: !8)
!24 = !DILocalVariable(name: "o", arg: 2, scope: !8, file: !1, line: 2, type: !14)
!25 = !DILocation(line: 2, column: 50, scope: !8)
!26 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 3, type: !15)
!27 = !DILocation(line: 3, column: 7, scope: !8)
!28 = !DILocation(line: 3, column: 11, scope: !8)
!29 = !DILocalVariable(name: "v", scope: !8, file: !1, line: 4, type: !13)
!30 = !DILocation(line: 4, column: 8, scope: !8)
!31 = !DILocation(line: 4, column: 12, scope: !8)
!32 = !DILocation(line: 4, column: 15, scope: !8)
!33 = !DILocalVariable(name: "r", scope: !8, file: !1, line: 5, type: !15)
!34 = !DILocation(line: 5, column: 7, scope: !8)
!35 = !DILocation(line: 6, column: 11, scope: !8)
!36 = !DILocation(line: 6, column: 3, scope: !8)
!37 = !DILocation(line: 7, column: 16, scope: !38)
!38 = distinct !DILexicalBlock(scope: !8, file: !1, line: 6, column: 14)
!39 = !DILocation(line: 7, column: 21, scope: !38)
!40 = !DILocation(line: 8, column: 15, scope: !38)
!41 = !DILocation(line: 8, column: 20, scope: !38)
!42 = !DILocation(line: 9, column: 17, scope: !38)
!43 = !DILocation(line: 9, column: 22, scope: !38)
!44 = !DILocation(line: 10, column: 18, scope: !38)
!45 = !DILocation(line: 10, column: 23, scope: !38)
!46 = !DILocation(line: 11, column: 19, scope: !38)
!47 = !DILocation(line: 11, column: 24, scope: !38)
!48 = !DILocation(line: 12, column: 26, scope: !38)
!49 = !DILocation(line: 12, column: 31, scope: !38)
!50 = !DILocation(line: 13, column: 39, scope: !38)
!51 = !DILocation(line: 13, column: 44, scope: !38)
!52 = !DILocation(line: 14, column: 16, scope: !38)
!53 = !DILocation(line: 14, column: 21, scope: !38)
!54 = !DILocation(line: 16, column: 10, scope: !8)
!55 = !DILocation(line: 16, column: 3, scope: !8)
!56 = !DILocation(line: 16, column: 5, scope: !8)
!57 = !DILocation(line: 16, column: 8, scope: !8)
!58 = !DILocation(line: 17, column: 1, scope: !8)
