package dev.tatter.ir.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A pointwise op's declared dtypes (TF's kernel registrations) and its scalar function's
 * overloads say the same thing: every dtype the set admits has an overload, and every overload
 * serves a dtype the set admits. Otherwise a dtype TF accepts would be refused with a message
 * claiming TF refuses it, or an overload would sit unreachable behind the set. An overload of a
 * shared compute type ({@code int} for int8..int32, {@code float} for float16/bfloat16/float32)
 * also fits the dtypes TF refuses among those; that is what the declared set is for.
 */
class DTypeSetAgreesWithOverloadsTest {
  @Test
  void everyPointwiseOp_hasAnOverloadForExactlyTheDtypesItDeclares() {
    List<String> disagreements = new ArrayList<>();
    for (OpDef op : OpRegistry.ALL) {
      ScalarFunction fn = op.scalarFunction();
      if (fn == null) {
        continue;
      }
      int arity = op.operandNames().size();
      for (DType d : DType.values()) {
        boolean declared = op.dtypes().contains(d);
        Optional<Method> overload = fn.overload(d, arity);
        boolean servesADeclaredDtype = overload.isPresent() && Arrays.stream(DType.values())
            .anyMatch(other -> op.dtypes().contains(other) && fn.overload(other, arity).equals(overload));
        if (declared ? overload.isEmpty() : overload.isPresent() && !servesADeclaredDtype) {
          disagreements.add(op.mnemonic() + " on " + d + (declared ? ": declared, no overload" : ": overload, not declared"));
        }
      }
    }
    assertEquals(List.of(), disagreements);
  }
}
