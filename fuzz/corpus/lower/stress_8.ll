target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD8(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca <2 x i8>, align 2
  %A3 = alloca <8 x i8>, align 8
  %A2 = alloca <8 x float>, align 32
  %A1 = alloca <4 x i1>, align 1
  %A = alloca <4 x double>, align 32
  %L = load i8, ptr %A, align 1
  store <4 x double> <double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF, double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF>, ptr %0, align 32
  %E = extractelement <4 x i64> zeroinitializer, i32 455489
  %Shuff = shufflevector <1 x i1> zeroinitializer, <1 x i1> zeroinitializer, <1 x i32> zeroinitializer
  %I = insertelement <1 x i1> zeroinitializer, i1 true, i32 441593
  %Sl = select i1 true, double 0xDED73FF603D59A74, double 0x2A87E7A60785FA24
  %Cmp = fcmp false double 0xDED73FF603D59A74, 0xDED73FF603D59A74
  br label %CF25

CF25:                                             ; preds = %CF25, %BB
  %L5 = load i16, ptr %0, align 2
  store <16 x i32> <i32 0, i32 -1, i32 0, i32 -1, i32 0, i32 -1, i32 0, i32 -1, i32 0, i32 -1, i32 0, i32 -1, i32 0, i32 -1, i32 0, i32 -1>, ptr %0, align 64
  %E6 = extractelement <4 x i32> zeroinitializer, i32 %3
  %Shuff7 = shufflevector <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, <4 x i32> <i32 2, i32 4, i32 6, i32 0>
  %I8 = insertelement <1 x i1> zeroinitializer, i1 true, i32 441593
  %Tr = trunc <8 x i32> zeroinitializer to <8 x i8>
  %Sl9 = select i1 true, i64 %4, i64 182781
  %Cmp10 = icmp ule i8 0, %5
  br i1 %Cmp10, label %CF25, label %CF26

CF26:                                             ; preds = %CF25
  %L11 = load i1, ptr %0, align 1
  br label %CF24

CF24:                                             ; preds = %CF26
  store <2 x i16> <i16 0, i16 -1>, ptr %0, align 4
  %E12 = extractelement <4 x i32> %Shuff7, i32 %E6
  %Shuff13 = shufflevector <1 x i1> zeroinitializer, <1 x i1> %I8, <1 x i32> zeroinitializer
  %I14 = insertelement <8 x i8> %Tr, i8 -11, i32 %E12
  %FC = sitofp <2 x i64> zeroinitializer to <2 x double>
  %Sl15 = select i1 true, float 0x3AE62A1A00000000, float 0x3860281400000000
  %Cmp16 = icmp ult i64 182781, 182781
  br label %CF

CF:                                               ; preds = %CF24
  %L17 = load <8 x i1>, ptr %0, align 1
  store double 0x2A87E7A60785FA24, ptr %0, align 8
  %E18 = extractelement <4 x i32> %Shuff7, i32 441593
  %Shuff19 = shufflevector <2 x i64> zeroinitializer, <2 x i64> zeroinitializer, <2 x i32> <i32 3, i32 1>
  %I20 = insertelement <2 x i64> zeroinitializer, i64 %4, i32 441593
  %B = fdiv double 0x3AC747E6B7C5FA64, 0xD7A367C21AA16040
  %Tr21 = trunc <2 x i32> zeroinitializer to <2 x i8>
  %Sl22 = select i1 true, ptr %1, ptr %0
  %Cmp23 = icmp ne <4 x i32> zeroinitializer, %Shuff7
  store float 0x3860281400000000, ptr %Sl22, align 4
  store i32 455489, ptr %Sl22, align 4
  store i64 %Sl9, ptr %A1, align 4
  store i1 true, ptr %Sl22, align 1
  store double %B, ptr %Sl22, align 8
  ret void
}
