/* java_hash.h - the Java hashCode of a value's external object, and the
 * iteration order of a java.util.HashMap built from a MAP ("jhash_").
 *
 * Flink converts a MAP to a java.util.HashMap before printing it
 * (MapMapConverter.toExternal), so Row.toString shows entries in HashMap
 * iteration order, not in insertion order. That order follows from the Java
 * hashCode of each key (String, boxed numbers, BigDecimal, java.time values,
 * Row). Keys whose Java hash is identity-based (BYTES, ARRAY, RAW,
 * STRUCTURED) have no reproducible order even in Java; they keep insertion
 * order. A HashMap bin that Java turns into a tree (nine or more colliding
 * keys in a table of 64+ buckets) may iterate differently from ours; such
 * maps are astronomically unlikely in data.
 *
 * Values are only read; thread-safe. */
#ifndef PTF_JAVA_HASH_H
#define PTF_JAVA_HASH_H

#include <stdbool.h>
#include <stdint.h>

#include "types/types.h"
#include "types/value.h"

/* The Java hashCode of v's external object, as HashMap uses it. Returns
 * false (and *hash undefined) when Java's hash is identity-based, i.e. not
 * reproducible: BYTES, ARRAY, RAW, STRUCTURED, or a composite containing one
 * where Java would use the identity. NULL hashes to 0. */
bool jhash_value(const value_t *v, const type_t *t, int32_t *hash);

/* Iteration order of a java.util.HashMap built by putting the map's entries
 * in storage order: order[i] is the storage index of the i-th printed entry.
 * Later duplicates of an equal key replace the value but keep the first
 * position; *n_out is the number of distinct keys. Falls back to storage
 * order (minus duplicates) when a key hash is not reproducible.
 * order must hold map->u.map.n entries. */
void jhash_hashmap_order(const value_t *map, const type_t *map_type, uint32_t *order, uint32_t *n_out);

/* BinaryStringData.hashCode(): Flink's internal STRING hashes its UTF-8
 * bytes with MurmurHashUtil (Murmur3_32, seed 42). It orders the HashMap a
 * format decoder builds over internal keys (the JSON format's maps). */
int32_t jhash_binary_string(const char *p, uint32_t len);

/* Iteration order of a java.util.HashMap into which n distinct keys with
 * these hashCode()s were put in index order: order[i] is the index of the
 * i-th entry iterated. order must hold n entries. */
void jhash_hashmap_order_of_hashes(const int32_t *hashes, uint32_t n, uint32_t *order);

#endif
