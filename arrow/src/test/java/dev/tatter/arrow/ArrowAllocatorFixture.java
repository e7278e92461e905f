package dev.tatter.arrow;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fresh Arrow allocator for each test, closed after it: closing a {@link RootAllocator} that
 * still has memory out throws, so every test that extends this also checks it leaked no vector.
 */
abstract class ArrowAllocatorFixture {
  BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close(); // fails the test if a vector leaked
  }
}
