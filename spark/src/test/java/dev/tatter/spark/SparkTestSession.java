package dev.tatter.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The local[2] session the test classes share: started by the first class that asks (Spark's
 * start-up is seconds) and stopped by Spark's own shutdown hook when the test JVM exits.
 */
final class SparkTestSession {
  private SparkTestSession() {}

  static synchronized SparkSession start() {
    return SparkSession.builder()
        .master("local[2]")
        .appName("tatter-spark-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        // the tests' frames are tiny: compiling Spark's generated code for each query costs more than it saves
        .config("spark.sql.codegen.wholeStage", "false")
        .config("spark.sql.codegen.factoryMode", "NO_CODEGEN")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate();
  }
}
