// printf with vector conversions: %vNhld / %vNd / %vNhlf / %vNhd / %vNhhx / %vNld, with precision.
kernel void k(global const int4 *iv, global const float4 *fv) {
  int4 a = iv[0];                                // 1 -2 300 -4000
  float4 f = fv[0];                              // 42.123 -3.7 100001 -0.001
  printf("%v4hld|%v4d\n", a, a);
  printf("%v2hlf|%.2v4hlf\n", f.xy, f);
  printf("%v3hd %v8hhx\n", convert_short3(a.xyz), as_uchar8((int2)(0x04030201, -1)));
  printf("%v2ld %#v2hlx\n", convert_long2(a.zw) * 1000000000L, as_uint2(a.xw));
  printf("%v16hhd\n", (char16)(0, 1, 2, 3, 4, 5, 6, 7, -8, -9, -10, -11, -12, -13, -14, -15));
}
