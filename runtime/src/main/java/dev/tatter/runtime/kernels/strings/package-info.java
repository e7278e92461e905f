/**
 * String and byte kernels: splitting, regular expressions, formatting and parsing numbers,
 * joining, n-grams, substrings, Unicode, and the hashes that must agree with TF bit for bit.
 */
package dev.tatter.runtime.kernels.strings;
