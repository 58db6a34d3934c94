target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD10(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca <4 x i8>, align 4
  %A3 = alloca <8 x i1>, align 1
  %A2 = alloca <4 x i16>, align 8
  %A1 = alloca <4 x i64>, align 32
  %A = alloca <16 x float>, align 64
  %L = load <8 x i8>, ptr %0, align 8
  store i8 %5, ptr %A, align 1
  %E = extractelement <8 x i32> zeroinitializer, i32 %3
  %Shuff = shufflevector <8 x i8> zeroinitializer, <8 x i8> zeroinitializer, <8 x i32> <i32 13, i32 15, i32 1, i32 3, i32 5, i32 7, i32 9, i32 11>
  %I = insertelement <4 x i64> zeroinitializer, i64 154755, i32 308323
  %Tr = trunc <16 x i32> zeroinitializer to <16 x i1>
  %Sl = select i1 true, ptr %2, ptr %0
  %Cmp = icmp slt i32 %E, %E
  br label %CF

CF:                                               ; preds = %CF, %BB
  %L5 = load <8 x i32>, ptr %A3, align 32
  store i8 0, ptr %Sl, align 1
  %E6 = extractelement <4 x i8> zeroinitializer, i32 308323
  %Shuff7 = shufflevector <2 x i8> zeroinitializer, <2 x i8> zeroinitializer, <2 x i32> <i32 1, i32 3>
  %I8 = insertelement <2 x i8> zeroinitializer, i8 %5, i32 %E
  %B = frem double 0x783506D4D8335C52, 0x445E6E40C43E462
  %Tr9 = trunc i32 0 to i16
  %Sl10 = select i1 true, float 0x3ACD681140000000, float 0x3ACD681140000000
  %Cmp11 = icmp ugt <8 x i64> zeroinitializer, zeroinitializer
  %L12 = load <4 x i32>, ptr %Sl, align 16
  store i1 %Cmp, ptr %Sl, align 1
  %E13 = extractelement <4 x i8> zeroinitializer, i32 %3
  %Shuff14 = shufflevector <2 x i16> zeroinitializer, <2 x i16> zeroinitializer, <2 x i32> <i32 1, i32 3>
  %I15 = insertelement <8 x i32> zeroinitializer, i32 308323, i32 308323
  %B16 = urem <4 x i32> %L12, %L12
  %FC = fptoui double 0xB0D58774A0D36CF2 to i8
  %Sl17 = select <4 x i1> zeroinitializer, <4 x i64> %I, <4 x i64> %I
  %Cmp18 = fcmp oeq double 0xB0D58774A0D36CF2, 0xC5894D28578754A6
  br i1 %Cmp18, label %CF, label %CF34

CF34:                                             ; preds = %CF34, %CF
  %L19 = load <2 x i8>, ptr %Sl, align 2
  store i8 0, ptr %Sl, align 1
  %E20 = extractelement <16 x i32> zeroinitializer, i32 %3
  %Shuff21 = shufflevector <4 x i32> %B16, <4 x i32> %L12, <4 x i32> <i32 poison, i32 5, i32 7, i32 1>
  %I22 = insertelement <2 x i8> %Shuff7, i8 0, i32 308323
  %B23 = udiv <8 x i32> %I15, %I15
  %FC24 = fptoui float %Sl10 to i8
  %Sl25 = select <2 x i1> <i1 true, i1 false>, <2 x i8> %I22, <2 x i8> zeroinitializer
  %Cmp26 = icmp ugt i1 true, %Cmp18
  br i1 %Cmp26, label %CF34, label %CF35

CF35:                                             ; preds = %CF34
  %L27 = load <8 x i16>, ptr %Sl, align 16
  store double 0x88F50794C8F33D12, ptr %0, align 8
  %E28 = extractelement <8 x i64> zeroinitializer, i32 %E
  %Shuff29 = shufflevector <4 x i1> zeroinitializer, <4 x i1> zeroinitializer, <4 x i32> <i32 poison, i32 5, i32 7, i32 poison>
  %I30 = insertelement <4 x i64> %Sl17, i64 %E28, i32 %E
  %B31 = fadd double 0xB0D58774A0D36CF2, 0xE1191CB8DB178C36
  %ZE = zext <4 x i8> zeroinitializer to <4 x i16>
  %Sl32 = select i1 true, <2 x i8> zeroinitializer, <2 x i8> zeroinitializer
  %Cmp33 = icmp uge <8 x i32> zeroinitializer, %L5
  store i1 true, ptr %Sl, align 1
  store i16 20327, ptr %Sl, align 2
  store i16 20171, ptr %Sl, align 2
  store i32 308323, ptr %0, align 4
  store i16 %Tr9, ptr %0, align 2
  ret void
}
