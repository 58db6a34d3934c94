target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD6(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca <16 x double>, align 128
  %A3 = alloca <16 x i1>, align 2
  %A2 = alloca <2 x i8>, align 2
  %A1 = alloca <4 x i32>, align 16
  %A = alloca <8 x i1>, align 1
  %L = load <4 x i1>, ptr %0, align 1
  store i16 7771, ptr %0, align 2
  %E = extractelement <4 x i16> zeroinitializer, i32 -1
  %Shuff = shufflevector <2 x i64> zeroinitializer, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 3>
  %I = insertelement <2 x i8> zeroinitializer, i8 0, i32 %3
  %PC = bitcast ptr %2 to ptr
  %Sl = select i1 false, ptr %2, ptr %PC
  %Cmp = icmp ult i8 43, 0
  br label %CF

CF:                                               ; preds = %CF, %BB
  %L5 = load <2 x i64>, ptr %PC, align 16
  store double 0x1F3158D0952F444E, ptr %PC, align 8
  %E6 = extractelement <2 x i64> zeroinitializer, i32 -1
  %Shuff7 = shufflevector <2 x i64> %Shuff, <2 x i64> %Shuff, <2 x i32> <i32 3, i32 poison>
  %I8 = insertelement <16 x i8> zeroinitializer, i8 0, i32 %3
  %Sl9 = select i1 false, i1 false, i1 %Cmp
  br i1 %Sl9, label %CF, label %CF18

CF18:                                             ; preds = %CF18, %CF
  %Cmp10 = icmp ule <2 x i64> %Shuff7, %Shuff
  %L11 = load <4 x double>, ptr %2, align 32
  store i32 1879, ptr %PC, align 4
  %E12 = extractelement <4 x i1> %L, i32 1879
  br i1 %E12, label %CF18, label %CF19

CF19:                                             ; preds = %CF18
  %Shuff13 = shufflevector <16 x i32> zeroinitializer, <16 x i32> zeroinitializer, <16 x i32> <i32 21, i32 23, i32 25, i32 27, i32 poison, i32 31, i32 1, i32 3, i32 5, i32 poison, i32 poison, i32 11, i32 13, i32 15, i32 17, i32 19>
  %I14 = insertelement <2 x i64> %L5, i64 90463, i32 %3
  %PC15 = bitcast ptr %2 to ptr
  %Sl16 = select i1 %Cmp, ptr %2, ptr %PC
  %Cmp17 = icmp sge <4 x i1> %L, %L
  store float 0x4468E20CC0000000, ptr %PC15, align 4
  store i8 %5, ptr %PC, align 1
  store double 0x1F3158D0952F444E, ptr %PC15, align 8
  store i16 7771, ptr %A1, align 2
  ret void
}
