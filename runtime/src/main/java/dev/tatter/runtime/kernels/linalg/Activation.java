package dev.tatter.runtime.kernels.linalg;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.scalar.ActivationFunctions;
import dev.tatter.runtime.kernels.scalar.TranscendentalFunctions;

/**
 * The activation a {@code fused_matmul} applies to each element after its bias: one of the
 * elementwise ops that may follow a matmul in a dense layer, by the op's mnemonic. Each applies
 * the very scalar function the unfused op calls ({@link ActivationFunctions}, {@link
 * TranscendentalFunctions}), so a fused layer gives the unfused graph's bits.
 */
public enum Activation {
  NONE(""),
  RELU("relu"),
  RELU6("relu6"),
  ELU("elu"),
  SELU("selu"),
  LEAKY_RELU("leaky_relu"),
  SIGMOID("sigmoid"),
  TANH("tanh");

  private final String mnemonic;

  Activation(String mnemonic) {
    this.mnemonic = mnemonic;
  }

  /** The op this activation is ({@code ""} for none). */
  public String mnemonic() {
    return mnemonic;
  }

  /** The activation of op {@code mnemonic}, {@code ""} for none. */
  public static Activation named(String mnemonic) {
    for (Activation a : values()) {
      if (a.mnemonic.equals(mnemonic)) {
        return a;
      }
    }
    throw new InvalidArgumentException("fused_matmul: unknown activation '" + mnemonic + "' (one of "
        + java.util.Arrays.stream(values()).map(a -> "'" + a.mnemonic + "'").toList() + ")");
  }

  /** Whether the op is defined on integers too (TF's Relu and Relu6 are; the others take floats). */
  public boolean takesIntegers() {
    return this == NONE || this == RELU || this == RELU6;
  }

  public float apply(float x, float alpha) {
    return switch (this) {
      case NONE -> x;
      case RELU -> ActivationFunctions.relu(x);
      case RELU6 -> ActivationFunctions.relu6(x);
      case ELU -> ActivationFunctions.elu(x);
      case SELU -> ActivationFunctions.selu(x);
      case LEAKY_RELU -> ActivationFunctions.leakyRelu(x, alpha);
      case SIGMOID -> TranscendentalFunctions.sigmoid(x);
      case TANH -> TranscendentalFunctions.tanh(x);
    };
  }

  public double apply(double x, double alpha) {
    return switch (this) {
      case NONE -> x;
      case RELU -> ActivationFunctions.relu(x);
      case RELU6 -> ActivationFunctions.relu6(x);
      case ELU -> ActivationFunctions.elu(x);
      case SELU -> ActivationFunctions.selu(x);
      case LEAKY_RELU -> ActivationFunctions.leakyRelu(x, alpha);
      case SIGMOID -> TranscendentalFunctions.sigmoid(x);
      case TANH -> TranscendentalFunctions.tanh(x);
    };
  }

  /** On int32 (only the activations {@link #takesIntegers()} says). */
  public int apply(int x) {
    return switch (this) {
      case RELU -> ActivationFunctions.relu(x);
      case RELU6 -> ActivationFunctions.relu6(x);
      default -> x;
    };
  }

  public long apply(long x) {
    return switch (this) {
      case RELU -> ActivationFunctions.relu(x);
      case RELU6 -> ActivationFunctions.relu6(x);
      default -> x;
    };
  }

  /**
   * {@code c[o + t] = apply(c[o + t] + bias[j + t])} for {@code t < len} ({@code bias} may be
   * null): the epilogue of one output row segment, the switch outside the loop.
   */
  public void epilogue(float[] c, int o, int len, float[] bias, int j, float alpha) {
    if (bias != null) {
      for (int t = 0; t < len; t++) {
        c[o + t] += bias[j + t];
      }
    }
    switch (this) {
      case NONE -> { }
      case RELU -> {
        for (int t = 0; t < len; t++) {
          c[o + t] = ActivationFunctions.relu(c[o + t]);
        }
      }
      default -> {
        for (int t = 0; t < len; t++) {
          c[o + t] = apply(c[o + t], alpha);
        }
      }
    }
  }

  public void epilogue(double[] c, int o, int len, double[] bias, int j, double alpha) {
    if (bias != null) {
      for (int t = 0; t < len; t++) {
        c[o + t] += bias[j + t];
      }
    }
    if (this != NONE) {
      for (int t = 0; t < len; t++) {
        c[o + t] = apply(c[o + t], alpha);
      }
    }
  }
}
