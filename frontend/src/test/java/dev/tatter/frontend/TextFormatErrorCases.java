package dev.tatter.frontend;

import static dev.tatter.frontend.ErrorTriggers.*;

import dev.tatter.runtime.SparseTensor;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/** The {@code docs/ERRORS.md} cases of the textual IR's parser, registered by {@link ErrorCatalogTest}. */
final class TextFormatErrorCases {
  private TextFormatErrorCases() {}

  static void register(BiConsumer<String, Supplier<Throwable>> on) {
    on.accept("T01", () -> parse("%x = placeholder( : tensor<int32>[2]\n"));
    on.accept("T02", () -> parse("%x = frobnicate() : tensor<int32>[2]\n"));
    on.accept("T03", () -> parse("%x = abs(%y) : tensor<int32>[2]\n"));
    on.accept("T04", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = abs(%x) : tensor<int64>[2]\n"));
    on.accept("T05", () -> parse("%c = constant() {value = tensor<int8>[1] [300]} : tensor<int8>[1]\n"));
    on.accept("T06", () -> parse("%c = constant() {value = tensor<int32>[2] [1, 2, 3]} : tensor<int32>[2]\n"));
    on.accept("T07", () -> parse("%c = constant() {value = tensor<int64>[1] [99999999999999999999]} : tensor<int64>[1]\n"));
    on.accept("T08", () -> parse("%x = placeholder() : tensor<int32>[2]\n%x = abs(%x) : tensor<int32>[2]\n"));
    on.accept("T09", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = abs(%x) {axis = 1} : tensor<int32>[2]\n"));
    on.accept("T10", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = cast(%x) {dtype = int64, dtype = int64} : tensor<int64>[2]\n"));
    on.accept("T11", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = cast(%x) : tensor<int64>[2]\n"));
    on.accept("T12", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = cast(%x) {dtype = 3} : tensor<int64>[2]\n"));
    on.accept("T13", () -> parse("%x = placeholder() : tensor<int32>[2]\n%y = add(%x) : tensor<int32>[2]\n"));
    on.accept("T14", () -> parse("%x = placeholder() : tensor<int32>[(None)]\n"));
    on.accept("T15", () -> parse("%x = placeholder() : ragged<int32>[(None), 2]\n"));
    on.accept("T16", () -> parse("%x = placeholder() : ragged<int32, color=3>[2, (None)]\n"));
    on.accept("T17", () -> parse("%x = placeholder() : tensor<int32>[-2]\n"));
    on.accept("T18", () -> parse("%x = placeholder() : tensor<int33>[2]\n"));
    on.accept("T19", () -> parse("%x = placeholder() : tensor<int32>[2]\nreturn %z\n"));
    on.accept("T20", () -> parse("%c = constant() {value = tensor<float32>[1] [\"a\"]} : tensor<float32>[1]\n"));
    on.accept("T70", () -> parseSparse("[[1, 2]]"));
    on.accept("T71", () -> parseSparse("SparseTensor(indices=[[0, 0]], values=[1], values=[2], dense_shape=[3, 4])"));
    on.accept("T72", () -> parseSparse("SparseTensor(indices=[], values=[], dense_shape=[3, 5])"));
  }
}
