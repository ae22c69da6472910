package org.dbspstudio.engine.value;

import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;

/**
 * A persistent (immutable, structurally shared) hash array mapped trie. Updating a map of n
 * entries costs O(log₃₂ n) and leaves the old version intact, so an integral's value at every
 * step can be recorded for free and updated in time proportional to the change. An
 * {@link Editor} applies many updates in place on nodes it owns (a transient), then freezes.
 *
 * <p>{@code combine(old, new)} decides the stored value when a key is already present;
 * returning null removes the key. Keys must not be null.
 */
public final class PMap<K, V> {
    private static final PMap<?, ?> EMPTY = new PMap<>(null, 0);

    private final Node root;
    private final int size;

    private PMap(Node root, int size) {
        this.root = root;
        this.size = size;
    }

    @SuppressWarnings("unchecked")
    public static <K, V> PMap<K, V> empty() {
        return (PMap<K, V>) EMPTY;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    static int spread(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    @SuppressWarnings("unchecked")
    public V get(K key) {
        if (root == null) {
            return null;
        }
        int hash = spread(key.hashCode());
        Object node = root;
        int shift = 0;
        while (true) {
            if (node instanceof Node n) {
                int bit = 1 << ((hash >>> shift) & 31);
                if ((n.bitmap & bit) == 0) {
                    return null;
                }
                int i = 2 * Integer.bitCount(n.bitmap & (bit - 1));
                Object k = n.a[i];
                if (k == null) {
                    node = n.a[i + 1];
                    shift += 5;
                } else {
                    return k.equals(key) ? (V) n.a[i + 1] : null;
                }
            } else {
                Collision c = (Collision) node;
                for (int i = 0; i < c.a.length; i += 2) {
                    if (c.a[i].equals(key)) {
                        return (V) c.a[i + 1];
                    }
                }
                return null;
            }
        }
    }

    /** A new version with {@code key} merged: inserted, or combined with the present value (null removes). */
    public PMap<K, V> merge(K key, V value, BinaryOperator<V> combine) {
        Editor<K, V> e = new Editor<>(this, false);
        e.merge(key, value, combine);
        return e.build();
    }

    /** The owner of nodes built whole ({@link #ofDistinct}): no editor's, so every editor copies them before changing them. */
    private static final Object BUILT = new Object();

    /**
     * The map of {@code n} distinct keys {@code keys[i]} to {@code values[i]}, built whole: the
     * entries are sorted by their hashes' 5-bit digits level by level (a counting sort per node),
     * and each node is allocated once at its final size, with the shape inserting the keys one by
     * one gives (an entry stays in the first node where no other shares its digit; keys of one
     * hash share a collision node), instead of a copy of a node's array per insertion into it.
     */
    @SuppressWarnings("unchecked")
    public static <K, V> PMap<K, V> ofDistinct(Object[] keys, Object[] values, int n) {
        if (n == 0) {
            return empty();
        }
        int[] hs = new int[n];
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            hs[i] = spread(keys[i].hashCode());
            idx[i] = i;
        }
        return new PMap<>(node(keys, values, hs, idx, new int[n], 0, n, 0), n);
    }

    /** The node of entries {@code idx[from..to)} (at least two, not all of one hash) at digit {@code shift}. */
    private static Node node(Object[] keys, Object[] values, int[] hs, int[] idx, int[] tmp, int from, int to, int shift) {
        int[] start = new int[33];
        for (int q = from; q < to; q++) {
            start[((hs[idx[q]] >>> shift) & 31) + 1]++;
        }
        int bitmap = 0;
        int slots = 0;
        for (int d = 0; d < 32; d++) {
            if (start[d + 1] > 0) {
                bitmap |= 1 << d;
                slots++;
            }
            start[d + 1] += start[d];
        }
        int[] at = java.util.Arrays.copyOf(start, 32);
        for (int q = from; q < to; q++) {
            int i = idx[q];
            tmp[from + at[(hs[i] >>> shift) & 31]++] = i;
        }
        System.arraycopy(tmp, from, idx, from, to - from);
        Object[] a = new Object[2 * slots];
        int p = 0;
        for (int d = 0; d < 32; d++) {
            int f = from + start[d];
            int t = from + start[d + 1];
            if (f == t) {
                continue;
            }
            if (t - f == 1) {
                a[p] = keys[idx[f]];
                a[p + 1] = values[idx[f]];
            } else {
                boolean oneHash = true;
                int h = hs[idx[f]];
                for (int q = f + 1; q < t && oneHash; q++) {
                    oneHash = hs[idx[q]] == h;
                }
                if (oneHash) {
                    Object[] c = new Object[2 * (t - f)];
                    for (int q = f; q < t; q++) {
                        c[2 * (q - f)] = keys[idx[q]];
                        c[2 * (q - f) + 1] = values[idx[q]];
                    }
                    a[p + 1] = new Collision(BUILT, h, c);
                } else {
                    a[p + 1] = node(keys, values, hs, idx, tmp, f, t, shift + 5);
                }
            }
            p += 2;
        }
        return new Node(BUILT, bitmap, a);
    }

    /** Calls {@code action} for every entry (unspecified order). */
    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (root != null) {
            visit(root, action);
        }
    }

    @SuppressWarnings("unchecked")
    private static <K, V> void visit(Object node, BiConsumer<? super K, ? super V> action) {
        Object[] a = node instanceof Node n ? n.a : ((Collision) node).a;
        for (int i = 0; i < a.length; i += 2) {
            if (a[i] == null) {
                visit(a[i + 1], action);
            } else {
                action.accept((K) a[i], (V) a[i + 1]);
            }
        }
    }

    /**
     * Whether both maps hold the same entries (values compared with {@code equals}). Subtries
     * shared by the two versions are skipped, so comparing a map with an update of it costs the
     * updated paths rather than the whole map.
     */
    public boolean sameEntries(PMap<K, V> other) {
        if (this == other || root == other.root) {
            return true;
        }
        if (size != other.size || root == null || other.root == null) {
            return false;
        }
        return sameNodes(root, other.root);
    }

    private static boolean sameNodes(Object x, Object y) {
        if (x == y) {
            return true;
        }
        if (x instanceof Node n && y instanceof Node m && n.bitmap == m.bitmap) {
            for (int i = 0; i < n.a.length; i += 2) {
                Object k = n.a[i];
                Object l = m.a[i];
                if (k != null && l != null) {
                    if (!k.equals(l) || !n.a[i + 1].equals(m.a[i + 1])) {
                        return false;
                    }
                } else if (k == null && l == null) {
                    if (!sameNodes(n.a[i + 1], m.a[i + 1])) {
                        return false;
                    }
                } else if (!sameFlattened(k == null ? n.a[i + 1] : new Object[] {k, n.a[i + 1]},
                        l == null ? m.a[i + 1] : new Object[] {l, m.a[i + 1]})) {
                    return false;
                }
            }
            return true;
        }
        // different shapes (a subtrie left with one entry after removals, a collision node): compare entries
        return sameFlattened(x, y);
    }

    /** Compares the entries of two subtries (or single entries given as {key, value} arrays). */
    private static boolean sameFlattened(Object x, Object y) {
        java.util.Map<Object, Object> a = new java.util.HashMap<>();
        collect(x, a);
        java.util.Map<Object, Object> b = new java.util.HashMap<>();
        collect(y, b);
        return a.equals(b);
    }

    private static void collect(Object node, java.util.Map<Object, Object> into) {
        if (node instanceof Object[] entry) {
            into.put(entry[0], entry[1]);
            return;
        }
        visit(node, into::put);
    }

    /** Number of trie nodes (for memory estimates). */
    public int nodeCount() {
        return root == null ? 0 : count(root);
    }

    private static int count(Object node) {
        if (node instanceof Collision) {
            return 1;
        }
        int c = 1;
        Object[] a = ((Node) node).a;
        for (int i = 0; i < a.length; i += 2) {
            if (a[i] == null) {
                c += count(a[i + 1]);
            }
        }
        return c;
    }

    /** A transient over a map: updates nodes it created in place; {@link #build()} freezes it. */
    public static final class Editor<K, V> {
        private Object owner = new Object();
        private Node root;
        private int size;

        public Editor(PMap<K, V> base) {
            this(base, true);
        }

        private Editor(PMap<K, V> base, boolean ignored) {
            this.root = base.root;
            this.size = base.size;
        }

        public int size() {
            return size;
        }

        @SuppressWarnings("unchecked")
        public V get(K key) {
            return new PMap<K, V>(root, size).get(key);
        }

        public void merge(K key, V value, BinaryOperator<V> combine) {
            if (owner == null) {
                throw new IllegalStateException("editor already built");
            }
            int hash = spread(key.hashCode());
            if (root == null) {
                Node n = new Node(owner, 0, new Object[0]);
                root = n;
            }
            Object r = mergeAt(root, 0, hash, key, value, combine);
            root = (Node) r;
        }

        public PMap<K, V> build() {
            owner = null;
            return size == 0 ? empty() : new PMap<>(root, size);
        }

        /** Returns the new node (possibly the same), or null when it became empty. */
        @SuppressWarnings("unchecked")
        private Object mergeAt(Object node, int shift, int hash, K key, V value, BinaryOperator<V> combine) {
            if (node instanceof Collision c) {
                return mergeCollision(c, shift, hash, key, value, combine);
            }
            Node n = (Node) node;
            int bit = 1 << ((hash >>> shift) & 31);
            int i = 2 * Integer.bitCount(n.bitmap & (bit - 1));
            if ((n.bitmap & bit) == 0) {
                Object[] a = new Object[n.a.length + 2];
                System.arraycopy(n.a, 0, a, 0, i);
                a[i] = key;
                a[i + 1] = value;
                System.arraycopy(n.a, i, a, i + 2, n.a.length - i);
                size++;
                return owned(n, n.bitmap | bit, a);
            }
            Object k = n.a[i];
            Object v = n.a[i + 1];
            if (k == null) {
                Object sub = mergeAt(v, shift + 5, hash, key, value, combine);
                if (sub == v) {
                    return n;
                }
                if (sub == null) {
                    return removeSlot(n, bit, i);
                }
                return setSlot(n, i + 1, sub);
            }
            if (k.equals(key)) {
                V nv = combine.apply((V) v, value);
                if (nv == null) {
                    size--;
                    return removeSlot(n, bit, i);
                }
                if (nv == v) {
                    return n;
                }
                return setSlot(n, i + 1, nv);
            }
            size++;
            Object sub = pair(shift + 5, spread(k.hashCode()), k, v, hash, key, value);
            Object[] a = n.a.clone();
            a[i] = null;
            a[i + 1] = sub;
            return owned(n, n.bitmap, a);
        }

        private Object pair(int shift, int h1, Object k1, Object v1, int h2, Object k2, Object v2) {
            if (h1 == h2) {
                return new Collision(owner, h1, new Object[] {k1, v1, k2, v2});
            }
            int b1 = (h1 >>> shift) & 31;
            int b2 = (h2 >>> shift) & 31;
            if (b1 == b2) {
                return new Node(owner, 1 << b1, new Object[] {null, pair(shift + 5, h1, k1, v1, h2, k2, v2)});
            }
            return b1 < b2 ? new Node(owner, (1 << b1) | (1 << b2), new Object[] {k1, v1, k2, v2})
                    : new Node(owner, (1 << b1) | (1 << b2), new Object[] {k2, v2, k1, v1});
        }

        @SuppressWarnings("unchecked")
        private Object mergeCollision(Collision c, int shift, int hash, K key, V value, BinaryOperator<V> combine) {
            if (hash != c.hash) {
                Node n = new Node(owner, 1 << ((c.hash >>> shift) & 31), new Object[] {null, c});
                return mergeAt(n, shift, hash, key, value, combine);
            }
            for (int i = 0; i < c.a.length; i += 2) {
                if (c.a[i].equals(key)) {
                    V nv = combine.apply((V) c.a[i + 1], value);
                    if (nv == null) {
                        size--;
                        if (c.a.length == 2) {
                            return null;
                        }
                        Object[] a = new Object[c.a.length - 2];
                        System.arraycopy(c.a, 0, a, 0, i);
                        System.arraycopy(c.a, i + 2, a, i, c.a.length - i - 2);
                        return new Collision(owner, hash, a);
                    }
                    Object[] a = c.a.clone();
                    a[i + 1] = nv;
                    return new Collision(owner, hash, a);
                }
            }
            size++;
            Object[] a = java.util.Arrays.copyOf(c.a, c.a.length + 2);
            a[c.a.length] = key;
            a[c.a.length + 1] = value;
            return new Collision(owner, hash, a);
        }

        private Object removeSlot(Node n, int bit, int i) {
            if (n.a.length == 2) {
                return null;
            }
            Object[] a = new Object[n.a.length - 2];
            System.arraycopy(n.a, 0, a, 0, i);
            System.arraycopy(n.a, i + 2, a, i, n.a.length - i - 2);
            return owned(n, n.bitmap & ~bit, a);
        }

        private Object setSlot(Node n, int i, Object v) {
            if (n.edit == owner) {
                n.a[i] = v;
                return n;
            }
            Object[] a = n.a.clone();
            a[i] = v;
            return new Node(owner, n.bitmap, a);
        }

        private Node owned(Node n, int bitmap, Object[] a) {
            if (n.edit == owner) {
                n.bitmap = bitmap;
                n.a = a;
                return n;
            }
            return new Node(owner, bitmap, a);
        }
    }

    private static final class Node {
        final Object edit;
        int bitmap;
        Object[] a;

        Node(Object edit, int bitmap, Object[] a) {
            this.edit = edit;
            this.bitmap = bitmap;
            this.a = a;
        }
    }

    private static final class Collision {
        final Object edit;
        final int hash;
        final Object[] a;

        Collision(Object edit, int hash, Object[] a) {
            this.edit = edit;
            this.hash = hash;
            this.a = a;
        }
    }
}
