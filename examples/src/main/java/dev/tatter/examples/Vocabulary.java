package dev.tatter.examples;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data side of the text examples, done in plain Java as an input pipeline would: splits
 * sentences into words, numbers the words (id 0 is kept for padding), and packs a batch as
 * ragged tensors — the shapes a tokenizer hands to a model.
 */
final class Vocabulary {
  private final Map<String, Long> ids = new LinkedHashMap<>();

  /** A vocabulary of every word in {@code sentences}, numbered from 1 in order of appearance. */
  static Vocabulary of(List<String> sentences) {
    Vocabulary v = new Vocabulary();
    for (String s : sentences) {
      for (String w : words(s)) {
        v.ids.computeIfAbsent(w, k -> (long) v.ids.size() + 1);
      }
    }
    return v;
  }

  static List<String> words(String sentence) {
    List<String> out = new ArrayList<>();
    for (String w : sentence.toLowerCase().split("[^\\p{L}\\p{N}']+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  /** The number of ids including the padding id 0. */
  int size() {
    return ids.size() + 1;
  }

  List<String> wordsById() {
    List<String> out = new ArrayList<>();
    out.add("<pad>");
    out.addAll(ids.keySet());
    return out;
  }

  /** The batch as ragged token ids: {@code ragged<int64>[batch, (words)]}. */
  RaggedTensor tokenIds(List<String> sentences) {
    List<Long> flat = new ArrayList<>();
    long[] splits = new long[sentences.size() + 1];
    for (int i = 0; i < sentences.size(); i++) {
      List<String> ws = words(sentences.get(i));
      ws.forEach(w -> flat.add(ids.get(w)));
      splits[i + 1] = splits[i] + ws.size();
    }
    return RaggedTensor.of(Tensor.ofLongs(flat.stream().mapToLong(Long::longValue).toArray()),
        RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  /** The batch as characters (Unicode code points): {@code ragged<int32>[batch, (words), (chars)]}. */
  static RaggedTensor characters(List<String> sentences) {
    List<Integer> codePoints = new ArrayList<>();
    List<Long> wordSplits = new ArrayList<>(List.of(0L));
    long[] sentenceSplits = new long[sentences.size() + 1];
    for (int i = 0; i < sentences.size(); i++) {
      List<String> ws = words(sentences.get(i));
      for (String w : ws) {
        w.codePoints().forEach(codePoints::add);
        wordSplits.add((long) codePoints.size());
      }
      sentenceSplits[i + 1] = sentenceSplits[i] + ws.size();
    }
    RowPartition words = RowPartition.fromRowSplits(wordSplits.stream().mapToLong(Long::longValue).toArray(), DType.INT64, true);
    RowPartition batch = RowPartition.fromRowSplits(sentenceSplits, DType.INT64, true);
    Tensor chars = Tensor.ofInts(codePoints.stream().mapToInt(Integer::intValue).toArray());
    return RaggedTensor.ofNested(chars, List.of(batch, words));
  }
}
