target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD7(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca i32, align 4
  %A3 = alloca double, align 8
  %A2 = alloca double, align 8
  %A1 = alloca i64, align 8
  %A = alloca i64, align 8
  %L = load i8, ptr %A, align 1
  store <4 x i8> zeroinitializer, ptr %0, align 4
  %E = extractelement <4 x i16> zeroinitializer, i32 107877
  %Shuff = shufflevector <8 x i8> zeroinitializer, <8 x i8> zeroinitializer, <8 x i32> <i32 14, i32 0, i32 poison, i32 4, i32 6, i32 8, i32 10, i32 poison>
  %I = insertelement <8 x i8> zeroinitializer, i8 -59, i32 401845
  %B = and i16 19781, %E
  %Sl = select i1 true, i64 141377, i64 141377
  %L5 = load i16, ptr %0, align 2
  store <2 x i64> <i64 0, i64 -1>, ptr %0, align 16
  %E6 = extractelement <4 x i16> zeroinitializer, i32 0
  %Shuff7 = shufflevector <8 x i8> zeroinitializer, <8 x i8> zeroinitializer, <8 x i32> <i32 10, i32 12, i32 14, i32 0, i32 2, i32 poison, i32 6, i32 8>
  %I8 = insertelement <8 x i8> %Shuff, i8 -59, i32 401845
  %B9 = and <8 x i8> zeroinitializer, zeroinitializer
  %Tr = trunc i16 %E to i8
  %Sl10 = select i1 true, i64 270433, i64 %Sl
  %Cmp = icmp slt i8 %Tr, -59
  br label %CF26

CF26:                                             ; preds = %BB
  %L11 = load i8, ptr %A, align 1
  store <2 x i16> <i16 0, i16 -1>, ptr %0, align 4
  %E12 = extractelement <8 x i8> zeroinitializer, i32 %3
  %Shuff13 = shufflevector <8 x i8> %Shuff7, <8 x i8> zeroinitializer, <8 x i32> <i32 8, i32 poison, i32 12, i32 14, i32 0, i32 2, i32 4, i32 poison>
  %I14 = insertelement <8 x i32> zeroinitializer, i32 338457, i32 0
  %B15 = lshr <4 x i8> zeroinitializer, zeroinitializer
  %Tr16 = trunc i16 22121 to i8
  %Sl17 = select i1 %Cmp, double 0x1993D5B2B4912630, double 0xF2B294AE629B5C8
  %Cmp18 = icmp ult i16 22121, -5867
  br label %CF

CF:                                               ; preds = %CF26
  %L19 = load i32, ptr %0, align 4
  store <2 x i16> <i16 0, i16 -1>, ptr %0, align 4
  %E20 = extractelement <4 x i16> zeroinitializer, i32 0
  %Shuff21 = shufflevector <8 x i64> zeroinitializer, <8 x i64> zeroinitializer, <8 x i32> <i32 6, i32 8, i32 poison, i32 12, i32 14, i32 0, i32 2, i32 4>
  %I22 = insertelement <8 x i32> zeroinitializer, i32 107877, i32 401845
  %B23 = add i32 338457, 0
  %ZE = zext i8 %E12 to i16
  %Sl24 = select i1 true, i8 0, i8 %Tr
  %Cmp25 = icmp slt <8 x i64> %Shuff21, %Shuff21
  store <8 x i32> zeroinitializer, ptr %0, align 32
  store <4 x i64> <i64 0, i64 -1, i64 0, i64 -1>, ptr %0, align 32
  store <8 x i16> <i16 0, i16 -1, i16 0, i16 -1, i16 0, i16 -1, i16 0, i16 -1>, ptr %0, align 16
  store <4 x i32> <i32 0, i32 -1, i32 0, i32 -1>, ptr %0, align 16
  store <1 x i16> zeroinitializer, ptr %0, align 2
  ret void
}
