// Scales a value: an included header, for the debugger's tests.
float scale(float x, float by)
{
  float y = x * by;
  return y;
}
