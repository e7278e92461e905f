/**
 * Lookups in static tables: {@code StaticHashTable} and {@code StaticVocabularyTable}.
 */
package dev.tatter.runtime.kernels.lookup;
