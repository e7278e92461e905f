package dev.tatter.bench.tf;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.tatter.runtime.DType;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.tensorflow.internal.c_api.TF_Buffer;
import org.tensorflow.internal.c_api.TF_Status;
import org.tensorflow.internal.c_api.global.tensorflow;
import org.tensorflow.proto.KernelDef;
import org.tensorflow.proto.KernelList;
import org.tensorflow.proto.OpDef;
import org.tensorflow.proto.OpList;

/**
 * What the TF runtime itself registers: every op it knows ({@code TF_GetAllOpList}) and, per op,
 * the dtypes its CPU kernels take ({@code TF_GetRegisteredKernelsForOp}). The oracle reads a raw
 * op's dtypes from here rather than from a list kept beside the code.
 */
final class TfKernels {
  private TfKernels() {}

  /** TF's op definitions by name, read once. */
  private static final class Registry {
    static final ImmutableMap<String, OpDef> OPS = read();

    private static ImmutableMap<String, OpDef> read() {
      org.tensorflow.TensorFlow.version(); // loads the runtime
      try {
        return Maps.uniqueIndex(OpList.parseFrom(tensorflow.TF_GetAllOpList().dataAsByteBuffer()).getOpList(), OpDef::getName);
      } catch (com.google.protobuf.InvalidProtocolBufferException e) {
        throw new IllegalStateException("TF's op list does not parse", e);
      }
    }
  }

  /** Whether TF registers an op of this name. */
  static boolean exists(String rawOp) {
    return Registry.OPS.containsKey(rawOp);
  }

  /** TF's definition of a raw op (its inputs, attributes and their allowed types). */
  static OpDef opDef(String rawOp) {
    OpDef def = Registry.OPS.get(rawOp);
    if (def == null) {
      throw new IllegalArgumentException("TF registers no op named " + rawOp);
    }
    return def;
  }

  /**
   * The Tatter dtypes of the first input that TF's CPU kernels of {@code rawOp} take: the kernels'
   * constraints on that input's type attribute, within the types the op allows (a kernel with no
   * constraint takes every allowed type), or the input's fixed type ({@code LogicalAnd}'s bool)
   * when the op has any CPU kernel.
   */
  static Set<DType> cpuDtypes(String rawOp) {
    OpDef def = opDef(rawOp);
    OpDef.ArgDef first = def.getInputArg(0);
    KernelList kernels = registeredKernels(rawOp);
    Set<String> types = new HashSet<>();
    boolean unconstrained = false;
    for (KernelDef k : kernels.getKernelList()) {
      if (!k.getDeviceType().equals("CPU")) {
        continue;
      }
      if (first.getTypeAttr().isEmpty()) {
        types.add(first.getType().name());
        continue;
      }
      boolean constrained = false;
      for (KernelDef.AttrConstraint c : k.getConstraintList()) {
        if (c.getName().equals(first.getTypeAttr())) {
          constrained = true;
          c.getAllowedValues().getList().getTypeList().forEach(t -> types.add(t.name()));
        }
      }
      unconstrained |= !constrained;
    }
    Set<String> allowed = new HashSet<>();
    for (OpDef.AttrDef attr : def.getAttrList()) {
      if (attr.getName().equals(first.getTypeAttr())) {
        attr.getAllowedValues().getList().getTypeList().forEach(t -> allowed.add(t.name()));
      }
    }
    Set<DType> out = EnumSet.noneOf(DType.class);
    for (DType d : DType.values()) {
      String tf = TfDTypes.tfType(d).name();
      boolean registered = types.contains(tf) || (unconstrained && !first.getTypeAttr().isEmpty());
      if (registered && (allowed.isEmpty() || allowed.contains(tf))) {
        out.add(d);
      }
    }
    return out;
  }

  private static KernelList registeredKernels(String rawOp) {
    TF_Status status = TF_Status.newStatus();
    TF_Buffer buffer = tensorflow.TF_GetRegisteredKernelsForOp(rawOp, status);
    try {
      return KernelList.parseFrom(buffer.dataAsByteBuffer());
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalStateException("TF's kernel list for " + rawOp + " does not parse", e);
    }
  }

  /**
   * The type attributes of {@code rawOp} that no input determines (the result type, such as
   * {@code Complex}'s or {@code Real}'s {@code Tout}): a caller sets them to the result's dtype.
   */
  static Set<String> outputTypeAttrs(String rawOp) {
    OpDef def = opDef(rawOp);
    Set<String> fromInputs = new HashSet<>();
    def.getInputArgList().forEach(a -> fromInputs.add(a.getTypeAttr()));
    Set<String> out = new HashSet<>();
    for (OpDef.AttrDef attr : def.getAttrList()) {
      if (attr.getType().equals("type") && !fromInputs.contains(attr.getName())) {
        out.add(attr.getName());
      }
    }
    return out;
  }
}
