package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ScalarsTest {
  @Test
  void formatFloat_spellsFloatsAsPythonRepr() {
    // Each expected string is what Python 3 prints for repr(float(x)).
    assertEquals("1.0", Scalars.formatFloat(1.0, false));
    assertEquals("-2.5", Scalars.formatFloat(-2.5, false));
    assertEquals("0.1", Scalars.formatFloat(0.1, false));
    assertEquals("0.0001", Scalars.formatFloat(1e-4, false));
    assertEquals("1e-05", Scalars.formatFloat(1e-5, false));
    assertEquals("10000000.0", Scalars.formatFloat(1e7, false));
    assertEquals("1000000000000000.0", Scalars.formatFloat(1e15, false));
    assertEquals("1e+16", Scalars.formatFloat(1e16, false));
    assertEquals("1.7976931348623157e+308", Scalars.formatFloat(Double.MAX_VALUE, false));
    assertEquals("5e-324", Scalars.formatFloat(Double.MIN_VALUE, false));
    assertEquals("-0.0", Scalars.formatFloat(-0.0, false));
    assertEquals("nan", Scalars.formatFloat(Double.NaN, false));
    assertEquals("-inf", Scalars.formatFloat(Double.NEGATIVE_INFINITY, false));
    assertEquals("3.4028235e+38", Scalars.formatFloat(Float.MAX_VALUE, true));
    assertEquals("0.1", Scalars.formatFloat(0.1f, true));
  }

  @Property(tries = 2000, seed = "20261130")
  void formatFloat_readsBackToTheSameDouble(@ForAll double x) {
    assertEquals(Double.doubleToLongBits(x), Double.doubleToLongBits(Double.parseDouble(
        Scalars.formatFloat(x, false).replace("inf", "Infinity").replace("nan", "NaN"))));
  }

  @Property(tries = 2000, seed = "20261130")
  void formatFloat_readsBackToTheSameFloat(@ForAll float x) {
    assertEquals(Float.floatToIntBits(x), Float.floatToIntBits(Float.parseFloat(
        Scalars.formatFloat(x, true).replace("inf", "Infinity").replace("nan", "NaN"))));
  }
}
