/* jvm_size.h - the JVM's memory sizes ("jvm_size_"), as -Xmx and -Xmn take them.
 *
 * Digits, then optionally one unit k, m, g or t (any case; binary multiples):
 * "65536", "512m", "2g". Read where ptfhost checks 'ptfhost.jvm.heap' and where
 * it sizes a job's young generation from the heap the JVM will get. */
#ifndef PTF_JVM_SIZE_H
#define PTF_JVM_SIZE_H

/* Bytes, or -1 when s is not such a size (no digits, another unit, trailing
 * text, more bytes than a long long holds). */
long long jvm_size_bytes(const char *s);

#endif
