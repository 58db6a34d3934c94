; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/memory/global_variables.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@counter = dso_local addrspace(1) global i32 5, align 4, !dbg !0
@scale = dso_local local_unnamed_addr addrspace(1) global [2 x float] [float 5.000000e-01, float 4.000000e+00], align 4, !dbg !7
@ptr = dso_local local_unnamed_addr addrspace(1) global ptr addrspace(1) @counter, align 8, !dbg !13

; Function Attrs: convergent minsize norecurse nounwind optsize
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef writeonly align 4 %o) local_unnamed_addr #0 !dbg !22 !kernel_arg_addr_space !28 !kernel_arg_access_qual !29 !kernel_arg_type !30 !kernel_arg_base_type !30 !kernel_arg_type_qual !31 !kernel_arg_name !32 {
entry:
    #dbg_value(ptr addrspace(1) %o, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !34
  %conv = trunc i64 %call to i32, !dbg !34
    #dbg_value(i32 %conv, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  %cmp = icmp eq i32 %conv, 0, !dbg !35
  br i1 %cmp, label %if.then, label %if.end, !dbg !37

if.then:                                          ; preds = %entry
  %0 = load i32, ptr addrspace(1) @counter, align 4, !dbg !38, !tbaa !40
  %arrayidx = getelementptr inbounds i8, ptr addrspace(1) %o, i64 16, !dbg !44
  store i32 %0, ptr addrspace(1) %arrayidx, align 4, !dbg !45, !tbaa !40
  %1 = load ptr addrspace(1), ptr addrspace(1) @ptr, align 8, !dbg !46, !tbaa !47
  %2 = load i32, ptr addrspace(1) %1, align 4, !dbg !49, !tbaa !40
  %add = add nsw i32 %2, 10, !dbg !49
  store i32 %add, ptr addrspace(1) %1, align 4, !dbg !49, !tbaa !40
  %3 = load float, ptr addrspace(1) @scale, align 4, !dbg !50, !tbaa !51
  %mul = fmul float %3, 2.000000e+00, !dbg !50
  store float %mul, ptr addrspace(1) @scale, align 4, !dbg !50, !tbaa !51
  %4 = load float, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @scale, i64 4), align 4, !dbg !53, !tbaa !51
  %mul2 = fmul float %4, 3.000000e+00, !dbg !53
  store float %mul2, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @scale, i64 4), align 4, !dbg !53, !tbaa !51
  br label %if.end, !dbg !54

if.end:                                           ; preds = %if.then, %entry
  tail call spir_func void @_Z7barrierj(i32 noundef 2) #4, !dbg !55
  %5 = load i32, ptr addrspace(1) @counter, align 4, !dbg !56, !tbaa !40
  %mul3 = mul nsw i32 %5, 10, !dbg !57
  %add4 = add nsw i32 %mul3, %conv, !dbg !58
  %6 = load float, ptr addrspace(1) @scale, align 4, !dbg !59, !tbaa !51
  %7 = load float, ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @scale, i64 4), align 4, !dbg !60, !tbaa !51
  %mul5 = fmul float %6, %7, !dbg !61
  %conv6 = fptosi float %mul5 to i32, !dbg !62
  %add7 = add nsw i32 %add4, %conv6, !dbg !63
  %idxprom = sext i32 %conv to i64, !dbg !64
  %arrayidx8 = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %idxprom, !dbg !64
  store i32 %add7, ptr addrspace(1) %arrayidx8, align 4, !dbg !65, !tbaa !40
  ret void, !dbg !66
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !67 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !72 dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

attributes #0 = { convergent minsize norecurse nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }
attributes #4 = { convergent minsize nobuiltin nounwind optsize "no-builtins" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!16, !17, !18, !19}
!opencl.ocl.version = !{!20}
!opencl.spir.version = !{!20}
!llvm.ident = !{!21}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 3, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "tests/golden/memory/global_variables.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "9fa5d1334e29e208ee879eb4476c6dd0")
!4 = !{!5}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{!0, !7, !13}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!8 = distinct !DIGlobalVariable(name: "scale", scope: !2, file: !3, line: 4, type: !9, isLocal: false, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, elements: !11)
!10 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!11 = !{!12}
!12 = !DISubrange(count: 2)
!13 = !DIGlobalVariableExpression(var: !14, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!14 = distinct !DIGlobalVariable(name: "ptr", scope: !2, file: !3, line: 5, type: !15, isLocal: false, isDefinition: true)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64, dwarfAddressSpace: 1)
!16 = !{i32 7, !"Dwarf Version", i32 5}
!17 = !{i32 2, !"Debug Info Version", i32 3}
!18 = !{i32 1, !"wchar_size", i32 4}
!19 = !{i32 7, !"frame-pointer", i32 2}
!20 = !{i32 3, i32 0}
!21 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!22 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 6, type: !23, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !25)
!23 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !24)
!24 = !{null, !15}
!25 = !{!26, !27}
!26 = !DILocalVariable(name: "o", arg: 1, scope: !22, file: !3, line: 6, type: !15)
!27 = !DILocalVariable(name: "i", scope: !22, file: !3, line: 7, type: !5)
!28 = !{i32 1}
!29 = !{!"none"}
!30 = !{!"int*"}
!31 = !{!""}
!32 = !{!"o"}
!33 = !DILocation(line: 0, scope: !22)
!34 = !DILocation(line: 7, column: 11, scope: !22)
!35 = !DILocation(line: 8, column: 9, scope: !36)
!36 = distinct !DILexicalBlock(scope: !22, file: !3, line: 8, column: 7)
!37 = !DILocation(line: 8, column: 7, scope: !22)
!38 = !DILocation(line: 9, column: 12, scope: !39)
!39 = distinct !DILexicalBlock(scope: !36, file: !3, line: 8, column: 15)
!40 = !{!41, !41, i64 0}
!41 = !{!"int", !42, i64 0}
!42 = !{!"omnipotent char", !43, i64 0}
!43 = !{!"Simple C/C++ TBAA"}
!44 = !DILocation(line: 9, column: 5, scope: !39)
!45 = !DILocation(line: 9, column: 10, scope: !39)
!46 = !DILocation(line: 10, column: 6, scope: !39)
!47 = !{!48, !48, i64 0}
!48 = !{!"any pointer", !42, i64 0}
!49 = !DILocation(line: 10, column: 10, scope: !39)
!50 = !DILocation(line: 11, column: 14, scope: !39)
!51 = !{!52, !52, i64 0}
!52 = !{!"float", !42, i64 0}
!53 = !DILocation(line: 12, column: 14, scope: !39)
!54 = !DILocation(line: 13, column: 3, scope: !39)
!55 = !DILocation(line: 14, column: 3, scope: !22)
!56 = !DILocation(line: 15, column: 10, scope: !22)
!57 = !DILocation(line: 15, column: 18, scope: !22)
!58 = !DILocation(line: 15, column: 23, scope: !22)
!59 = !DILocation(line: 15, column: 35, scope: !22)
!60 = !DILocation(line: 15, column: 46, scope: !22)
!61 = !DILocation(line: 15, column: 44, scope: !22)
!62 = !DILocation(line: 15, column: 29, scope: !22)
!63 = !DILocation(line: 15, column: 27, scope: !22)
!64 = !DILocation(line: 15, column: 3, scope: !22)
!65 = !DILocation(line: 15, column: 8, scope: !22)
!66 = !DILocation(line: 16, column: 1, scope: !22)
!67 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !3, file: !3, line: 7, type: !68, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!68 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !69)
!69 = !{!70, !71}
!70 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!71 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!72 = !DISubprogram(name: "barrier", linkageName: "_Z7barrierj", scope: !3, file: !3, line: 14, type: !73, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!73 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !74)
!74 = !{null, !75}
!75 = !DIDerivedType(tag: DW_TAG_typedef, name: "cl_mem_fence_flags", file: !76, line: 372, baseType: !77)
!76 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!77 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !76, line: 129, baseType: !71)
