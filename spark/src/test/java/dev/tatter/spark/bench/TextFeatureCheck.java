package dev.tatter.spark.bench;

import dev.tatter.spark.TatterTransformer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Before anything is timed: the text job's two variants against the features computed here in
 * plain Java from the input rows, every row. In-vocabulary ids, padding, counts, sums, maxima and
 * clipped clicks must be equal; an out-of-vocabulary word must get an id among the 100 OOV ids in
 * both (the two hash functions differ: see {@link TextFeatureJob}); a null input row must give
 * NULL in the features derived from it, in both.
 */
final class TextFeatureCheck {
  private TextFeatureCheck() {}

  static void check(Dataset<Row> input, TatterTransformer stage, TextFeatureJob job) {
    Map<String, Long> ids = new HashMap<>();
    for (int i = 0; i < job.vocabulary.size(); i++) {
      ids.put(job.vocabulary.get(i), (long) i + 1);
    }
    Map<Long, Row> in = byId(input);
    Map<Long, Row> tatter = byId(stage.transform(input));
    Map<Long, Row> sql = byId(job.sql(input));
    if (tatter.size() != in.size() || sql.size() != in.size()) {
      throw new IllegalStateException("text job: " + in.size() + " input rows, " + tatter.size() + " from Tatter, "
          + sql.size() + " from SQL");
    }
    int oov = 0;
    for (Map.Entry<Long, Row> e : in.entrySet()) {
      Row row = e.getValue();
      for (Row out : List.of(tatter.get(e.getKey()), sql.get(e.getKey()))) {
        String where = (out == tatter.get(e.getKey()) ? "Tatter" : "SQL") + ", row id " + e.getKey();
        oov += checkIds(row.isNullAt(1) ? null : row.getList(1), out, ids, where);
        checkClicks(row.isNullAt(2) ? null : row.getList(2), out, where);
      }
    }
    if (oov == 0) {
      throw new IllegalStateException("text job: the data has no out-of-vocabulary words, so their ids went unchecked");
    }
  }

  private static Map<Long, Row> byId(Dataset<Row> frame) {
    Map<Long, Row> rows = new HashMap<>();
    for (Row r : frame.collectAsList()) {
      rows.put(r.getLong(r.fieldIndex("id")), r);
    }
    return rows;
  }

  private static int checkIds(List<String> tokens, Row out, Map<String, Long> vocabulary, String where) {
    int padded = out.fieldIndex("ids");
    int count = out.fieldIndex("token_count");
    if (tokens == null) {
      expect(out.isNullAt(padded) && out.isNullAt(count), where, () -> "ids and token_count NULL for a NULL tokens row");
      return 0;
    }
    expect(out.getInt(count) == tokens.size(), where, () -> "token_count " + tokens.size() + ", got " + out.get(count));
    List<Long> got = out.getList(padded);
    expect(got.size() == TextFeatureJob.WIDTH, where, () -> TextFeatureJob.WIDTH + " ids, got " + got);
    int oov = 0;
    for (int position = 0; position < TextFeatureJob.WIDTH; position++) {
      int i = position;
      long id = got.get(i);
      if (i >= tokens.size()) {
        expect(id == 0, where, () -> "padding 0 at " + i + ", got " + got);
        continue;
      }
      Long known = vocabulary.get(tokens.get(i).toLowerCase(Locale.ROOT));
      if (known != null) {
        expect(id == known, where, () -> "id " + known + " for " + tokens.get(i) + ", got " + got);
      } else {
        oov++;
        long first = TextFeatureJob.VOCABULARY + 1;
        expect(id >= first && id < first + TextFeatureJob.OOV_BUCKETS, where, () -> "an OOV id in [" + first + ", "
            + (first + TextFeatureJob.OOV_BUCKETS) + ") for " + tokens.get(i) + ", got " + got);
      }
    }
    return oov;
  }

  private static void checkClicks(List<Integer> clicks, Row out, String where) {
    int sum = out.fieldIndex("click_sum");
    int max = out.fieldIndex("click_max");
    int clipped = out.fieldIndex("clicked");
    if (clicks == null) {
      expect(out.isNullAt(sum) && out.isNullAt(max) && out.isNullAt(clipped), where, () -> "NULL click features for NULL clicks");
      return;
    }
    int total = 0;
    Integer highest = null;
    List<Integer> c = new ArrayList<>();
    for (int v : clicks) {
      total += v;
      highest = highest == null ? v : Math.max(highest, v);
      c.add(Math.max(0, Math.min(100, v)));
    }
    int s = total;
    Integer m = highest;
    expect(out.getInt(sum) == s, where, () -> "click_sum " + s + ", got " + out.get(sum));
    // tf.reduce_max of an empty row is int32's lowest value; Spark SQL's array_max of an empty array is NULL
    Object gotMax = out.get(max);
    expect(m == null ? gotMax == null || (Integer) gotMax == Integer.MIN_VALUE : Objects.equals(gotMax, m), where,
        () -> "click_max " + m + ", got " + gotMax);
    expect(out.getList(clipped).equals(c), where, () -> "clicked " + c + ", got " + out.getList(clipped));
  }

  private static void expect(boolean ok, String where, java.util.function.Supplier<String> what) {
    if (!ok) {
      throw new IllegalStateException("text job (" + where + "): expected " + what.get());
    }
  }
}
