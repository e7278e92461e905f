package dev.tatter.runtime;

/**
 * The conversions between an element's compute type and its storage type where the JVM does not
 * do them by itself: storing an {@code int} into an int8 or int16 array keeps its low bits (which
 * wraps, as TF's narrow integers do); loading one back sign-extends, which the JVM's array loads
 * already do, so there is no loading method for them. A dtype stored in another form than it is
 * computed in (unsigned integers, float16) adds its pair of methods here and names them in its
 * {@link DTypeLayout}. Generated code calls these methods, and C2 inlines them to one instruction.
 */
public final class ElementStorage {
  private ElementStorage() {}

  public static byte toInt8(int value) {
    return (byte) value;
  }

  public static short toInt16(int value) {
    return (short) value;
  }

  // Unsigned integers: raw bits in the signed primitive of their width, zero-extended on load.

  public static byte toUint8(int value) {
    return (byte) value;
  }

  public static int fromUint8(byte stored) {
    return stored & 0xFF;
  }

  public static short toUint16(int value) {
    return (short) value;
  }

  public static int fromUint16(short stored) {
    return stored & 0xFFFF;
  }

  public static int toUint32(long value) {
    return (int) value;
  }

  public static long fromUint32(int stored) {
    return stored & 0xFFFFFFFFL;
  }

  // 16-bit floats: bits in a short, computed in float, rounded to nearest even on store.

  public static short toFloat16(float value) {
    return HalfFloats.floatToFloat16(value);
  }

  public static float fromFloat16(short stored) {
    return HalfFloats.float16ToFloat(stored);
  }

  public static short toBfloat16(float value) {
    return HalfFloats.floatToBfloat16(value);
  }

  public static float fromBfloat16(short stored) {
    return HalfFloats.bfloat16ToFloat(stored);
  }
}
