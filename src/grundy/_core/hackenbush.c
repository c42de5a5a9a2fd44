/* Green Hackenbush: bridges, 2-edge-connected parts and their values (one iterative
 * depth-first search), and which vertices reach the ground. Python side:
 * grundy/kernels/hackenbush.py (input checks, output arrays, and the pure-Python twins
 * decompose_py and reach_py, which take the same steps).
 */
#include "core.h"

/* deg[x]..deg[x + 1] indexes adj for vertex x; adj holds edge numbers (edges) or the
 * other end (ends). Loops (eu == ev) are left out when skip_loops. */
static int build_adjacency(Py_ssize_t n, Py_ssize_t m, const int64_t *eu, const int64_t *ev,
                           int skip_loops, int edges, int64_t **deg_out, int64_t **adj_out)
{
    int64_t *deg, *start, *adj;
    Py_ssize_t i, x;
    deg = (int64_t *)grundy_calloc(n + 1, sizeof(int64_t));
    start = (int64_t *)grundy_calloc(n + 1, sizeof(int64_t));
    adj = (int64_t *)grundy_calloc(m > PY_SSIZE_T_MAX / 2 ? -1 : 2 * m, sizeof(int64_t));
    if (deg == NULL || start == NULL || adj == NULL) {
        free(deg);
        free(start);
        free(adj);
        return -1;
    }
    for (i = 0; i < m; i++) {
        if (skip_loops && eu[i] == ev[i])
            continue;
        deg[eu[i] + 1] += 1;
        deg[ev[i] + 1] += 1;
    }
    for (x = 0; x < n; x++)
        deg[x + 1] += deg[x];
    memcpy(start, deg, (size_t)(n + 1) * sizeof(int64_t));
    for (i = 0; i < m; i++) {
        if (skip_loops && eu[i] == ev[i])
            continue;
        adj[start[eu[i]]++] = edges ? (int64_t)i : ev[i];
        adj[start[ev[i]]++] = edges ? (int64_t)i : eu[i];
    }
    free(start);
    *deg_out = deg;
    *adj_out = adj;
    return 0;
}

static int check_ends(const grundy_array *eu, const grundy_array *ev, Py_ssize_t n,
                      Py_ssize_t root)
{
    Py_ssize_t i;
    const int64_t *u = (const int64_t *)eu->data, *v = (const int64_t *)ev->data;
    if (n < 1 || root < 0 || root >= n || eu->len != ev->len) {
        PyErr_SetString(PyExc_ValueError, "need n >= 1, 0 <= root < n and len(eu) == len(ev)");
        return -1;
    }
    for (i = 0; i < eu->len; i++) {
        if (u[i] < 0 || u[i] >= n || v[i] < 0 || v[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "edge ends must lie in 0..n-1");
            return -1;
        }
    }
    return 0;
}

#define NOUT 11

/* decompose's output arrays (grundy.kernels.hackenbush.decompose_kernel says what each
 * holds): per vertex tin, vsize, comp and pe; per part top, parent, up_edge, parity, g and
 * contrib; per edge bridge. */
typedef struct {
    int64_t *tin, *vsize, *comp, *top, *parent, *up_edge, *parity, *g, *contrib, *pe;
    uint8_t *bridge;
} dc_out;

/* The input arrays eu, ev, ew, vx (in[0..3]) and the output arrays (out[0..NOUT)), taken
 * and checked: lengths, edge ends, outputs writable and apart from everything else. */
static int dc_arrays(PyObject *const *ino, PyObject *const *outo, Py_ssize_t n, Py_ssize_t root,
                     grundy_array *in, grundy_array *out)
{
    static const char *names[NOUT] = {"tin",    "vsize",  "comp", "bridge", "top", "parent",
                                      "up_edge", "parity", "g",    "contrib", "pe"};
    grundy_array *arrs[NOUT + 4];
    Py_ssize_t i, m;
    if (grundy_get_array(ino[0], &in[0], 'i', 8, 0, "eu") < 0
        || grundy_get_array(ino[1], &in[1], 'i', 8, 0, "ev") < 0
        || grundy_get_array(ino[2], &in[2], 'i', 8, 0, "ew") < 0
        || grundy_get_array(ino[3], &in[3], 'i', 8, 0, "vx") < 0
        || check_ends(&in[0], &in[1], n, root) < 0)
        return -1;
    m = in[0].len;
    if (in[2].len != m || in[3].len != n) {
        PyErr_SetString(PyExc_ValueError, "need len(ew) == len(eu) and len(vx) == n");
        return -1;
    }
    for (i = 0; i < NOUT; i++) {
        if (grundy_get_array(outo[i], &out[i], i == 3 ? 'b' : 'i', i == 3 ? 1 : 8, 1, names[i]) < 0)
            return -1;
        if (out[i].len != (i == 3 ? m : n)) {
            PyErr_Format(PyExc_ValueError, "%s: expected length %zd", names[i], i == 3 ? m : n);
            return -1;
        }
    }
    for (i = 0; i < NOUT; i++)
        arrs[i] = &out[i];
    for (i = 0; i < 4; i++)
        arrs[NOUT + i] = &in[i];
    return grundy_disjoint(arrs, NOUT, NOUT + 4);
}

/* Iterative depth-first search from root over the adjacency (deg, adj) of edge numbers:
 * each vertex's entry time tin (-1 when not reached), the least entry time low its subtree
 * reaches by one back edge, the tree edge pe it was entered by (-1 for root), and the
 * vertices reached in order of entry. Returns how many were reached. it and stack are
 * scratch (n each). */
static Py_ssize_t dc_search(Py_ssize_t n, Py_ssize_t root, const int64_t *U, const int64_t *V,
                            const int64_t *deg, const int64_t *adj, int64_t *tin, int64_t *low,
                            int64_t *pe, int64_t *order, int64_t *it, int64_t *stack)
{
    Py_ssize_t x, t = 1, sp = 1;
    for (x = 0; x < n; x++) {
        tin[x] = -1;
        low[x] = 0;
        pe[x] = -1;
        it[x] = deg[x];
    }
    tin[root] = 0;
    order[0] = root;
    stack[0] = root;
    while (sp > 0) {
        int64_t k;
        x = (Py_ssize_t)stack[sp - 1];
        k = it[x];
        if (k < deg[x + 1]) {
            Py_ssize_t e, y;
            int64_t ty;
            it[x] = k + 1;
            e = (Py_ssize_t)adj[k];
            if (e == pe[x])
                continue;
            y = (Py_ssize_t)(U[e] ^ V[e] ^ x);
            ty = tin[y];
            if (ty < 0) {
                tin[y] = t;
                low[y] = t;
                order[t] = y;
                t++;
                pe[y] = e;
                stack[sp++] = y;
            } else if (ty < low[x]) {
                low[x] = ty;
            }
        } else {
            sp--;
            if (sp > 0) {
                Py_ssize_t p = (Py_ssize_t)stack[sp - 1];
                if (low[x] < low[p])
                    low[p] = low[x];
            }
        }
    }
    return t;
}

/* From the search (the t vertices reached, in order): the bridges (a tree edge whose lower
 * end's subtree reaches nothing above it), each vertex's part, each part's top vertex, its
 * parent part and the bridge up to it. Returns the number of parts. */
static Py_ssize_t dc_parts(Py_ssize_t n, Py_ssize_t m, Py_ssize_t root, Py_ssize_t t,
                           const int64_t *U, const int64_t *V, const int64_t *order,
                           const int64_t *low, const dc_out *o)
{
    int64_t *tin = o->tin, *comp = o->comp, *pe = o->pe, *top = o->top;
    int64_t *parent = o->parent, *up_edge = o->up_edge;
    uint8_t *bridge = o->bridge;
    Py_ssize_t i, j, x, nparts = 1;
    for (x = 0; x < n; x++)
        comp[x] = 0;
    for (i = 0; i < m; i++)
        bridge[i] = 0;
    top[0] = root;
    parent[0] = -1;
    up_edge[0] = -1;
    for (j = 1; j < t; j++) {
        Py_ssize_t e, p;
        x = (Py_ssize_t)order[j];
        e = (Py_ssize_t)pe[x];
        p = (Py_ssize_t)(U[e] ^ V[e] ^ x);
        if (low[x] == tin[x]) {
            bridge[e] = 1;
            comp[x] = nparts;
            parent[nparts] = comp[p];
            up_edge[nparts] = e;
            top[nparts] = x;
            nparts++;
        } else {
            comp[x] = comp[p];
        }
    }
    return nparts;
}

/* The number of vertices of each vertex's subtree in the search (vsize), bottom up. */
static void dc_sizes(Py_ssize_t n, Py_ssize_t t, const int64_t *U, const int64_t *V,
                     const int64_t *order, const int64_t *pe, int64_t *vsize)
{
    Py_ssize_t j, x;
    for (x = 0; x < n; x++)
        vsize[x] = 1;
    for (j = t - 1; j > 0; j--) {
        Py_ssize_t e;
        x = (Py_ssize_t)order[j];
        e = (Py_ssize_t)pe[x];
        vsize[U[e] ^ V[e] ^ x] += vsize[x];
    }
}

/* The values of the parts, bottom up: parity (of the weights of the edges inside), g (the
 * value of the part with everything hanging below it) and contrib (what the part with its
 * bridge up adds to its parent's g). */
static void dc_values(Py_ssize_t m, Py_ssize_t t, Py_ssize_t nparts, const int64_t *U,
                      const int64_t *W, const int64_t *VX, const int64_t *order, const dc_out *o)
{
    int64_t *comp = o->comp, *parent = o->parent, *up_edge = o->up_edge, *parity = o->parity;
    int64_t *g = o->g, *contrib = o->contrib;
    const uint8_t *bridge = o->bridge;
    Py_ssize_t i, j, c;
    for (c = 0; c < nparts; c++) {
        parity[c] = 0;
        contrib[c] = 0;
    }
    for (i = 0; i < m; i++)
        if (!bridge[i])
            parity[comp[U[i]]] ^= W[i] & 1;
    for (c = 0; c < nparts; c++)
        g[c] = parity[c];
    for (j = 0; j < t; j++) {
        Py_ssize_t x = (Py_ssize_t)order[j];
        g[comp[x]] ^= VX[x];
    }
    for (c = nparts - 1; c > 0; c--) {
        int64_t w = W[up_edge[c]], s;
        if (w == 1)
            s = (int64_t)((uint64_t)g[c] + 1u); /* wraps like numba's int64 */
        else if (w % 2 == 0)
            s = g[c];
        else
            s = g[c] ^ 1;
        contrib[c] = s;
        g[parent[c]] ^= s;
    }
}

PyDoc_STRVAR(decompose_doc,
             "decompose(n, eu, ev, ew, root, vx, tin, vsize, comp, bridge, top, parent, "
             "up_edge, parity, g, contrib, pe) -> nparts\n"
             "See grundy.kernels.hackenbush.decompose_kernel.");

static PyObject *decompose(PyObject *self, PyObject *args)
{
    PyObject *ino[4], *outo[NOUT];
    Py_ssize_t n, root, m, i, t, nparts;
    grundy_array in[4], out[NOUT];
    int64_t *deg = NULL, *adj = NULL, *low = NULL, *it = NULL, *order = NULL, *stack = NULL;
    const int64_t *U, *V;
    dc_out o;
    PyObject *result = NULL;
    grundy_nogil st;
    (void)self;
    if (!PyArg_ParseTuple(args, "nOOOnOOOOOOOOOOOO:decompose", &n, &ino[0], &ino[1], &ino[2],
                          &root, &ino[3], &outo[0], &outo[1], &outo[2], &outo[3], &outo[4],
                          &outo[5], &outo[6], &outo[7], &outo[8], &outo[9], &outo[10]))
        return NULL;
    for (i = 0; i < 4; i++)
        in[i].held = 0;
    for (i = 0; i < NOUT; i++)
        out[i].held = 0;
    if (dc_arrays(ino, outo, n, root, in, out) < 0)
        goto out;
    m = in[0].len;
    U = (const int64_t *)in[0].data;
    V = (const int64_t *)in[1].data;
    o.tin = (int64_t *)out[0].data;
    o.vsize = (int64_t *)out[1].data;
    o.comp = (int64_t *)out[2].data;
    o.bridge = (uint8_t *)out[3].data;
    o.top = (int64_t *)out[4].data;
    o.parent = (int64_t *)out[5].data;
    o.up_edge = (int64_t *)out[6].data;
    o.parity = (int64_t *)out[7].data;
    o.g = (int64_t *)out[8].data;
    o.contrib = (int64_t *)out[9].data;
    o.pe = (int64_t *)out[10].data;
    low = (int64_t *)grundy_calloc(n, sizeof(int64_t));
    it = (int64_t *)grundy_calloc(n, sizeof(int64_t));
    order = (int64_t *)grundy_calloc(n, sizeof(int64_t));
    stack = (int64_t *)grundy_calloc(n, sizeof(int64_t));
    if (low == NULL || it == NULL || order == NULL || stack == NULL
        || build_adjacency(n, m, U, V, 1, 1, &deg, &adj) < 0)
        goto out;
    GRUNDY_NOGIL_BEGIN(st);
    t = dc_search(n, root, U, V, deg, adj, o.tin, low, o.pe, order, it, stack);
    nparts = dc_parts(n, m, root, t, U, V, order, low, &o);
    dc_sizes(n, t, U, V, order, o.pe, o.vsize);
    dc_values(m, t, nparts, U, (const int64_t *)in[2].data, (const int64_t *)in[3].data, order,
              &o);
    GRUNDY_NOGIL_END(st);
    result = PyLong_FromSsize_t(nparts);
out:
    free(deg);
    free(adj);
    free(low);
    free(it);
    free(order);
    free(stack);
    for (i = 0; i < 4; i++)
        grundy_release(&in[i]);
    for (i = 0; i < NOUT; i++)
        grundy_release(&out[i]);
    return result;
}

PyDoc_STRVAR(reach_doc, "reach(n, eu, ev, root, seen) -> None\n"
                        "See grundy.kernels.hackenbush.reach_kernel.");

static PyObject *reach(PyObject *self, PyObject *args)
{
    PyObject *euo, *evo, *so;
    Py_ssize_t n, root, m, sp = 1;
    grundy_array eu, ev, seen;
    int64_t *deg = NULL, *adj = NULL, *stack = NULL;
    uint8_t *s;
    PyObject *result = NULL;
    grundy_nogil st;
    (void)self;
    if (!PyArg_ParseTuple(args, "nOOnO:reach", &n, &euo, &evo, &root, &so))
        return NULL;
    eu.held = ev.held = seen.held = 0;
    if (grundy_get_array(euo, &eu, 'i', 8, 0, "eu") < 0
        || grundy_get_array(evo, &ev, 'i', 8, 0, "ev") < 0
        || grundy_get_array(so, &seen, 'b', 1, 1, "seen") < 0 || check_ends(&eu, &ev, n, root) < 0)
        goto out;
    {
        grundy_array *arrs[3] = {&seen, &eu, &ev};
        if (grundy_disjoint(arrs, 1, 3) < 0)
            goto out;
    }
    m = eu.len;
    if (seen.len != n) {
        PyErr_SetString(PyExc_ValueError, "seen: expected length n");
        goto out;
    }
    stack = (int64_t *)grundy_calloc(n, sizeof(int64_t));
    if (stack == NULL
        || build_adjacency(n, m, (const int64_t *)eu.data, (const int64_t *)ev.data, 0, 0, &deg,
                           &adj) < 0)
        goto out;
    s = (uint8_t *)seen.data;
    GRUNDY_NOGIL_BEGIN(st);
    memset(s, 0, (size_t)n);
    s[root] = 1;
    stack[0] = root;
    while (sp > 0) {
        Py_ssize_t x = (Py_ssize_t)stack[--sp];
        int64_t k;
        for (k = deg[x]; k < deg[x + 1]; k++) {
            int64_t y = adj[k];
            if (!s[y]) {
                s[y] = 1;
                stack[sp++] = y;
            }
        }
    }
    GRUNDY_NOGIL_END(st);
    Py_INCREF(Py_None);
    result = Py_None;
out:
    free(deg);
    free(adj);
    free(stack);
    grundy_release(&eu);
    grundy_release(&ev);
    grundy_release(&seen);
    return result;
}


PyDoc_STRVAR(bridge_cuts_doc, "bridge_cuts(parent, up_edge, g, contrib, ew, target, need, win) -> None\n"
                              "See grundy.kernels.hackenbush.bridge_cuts_kernel.");

static PyObject *bridge_cuts(PyObject *self, PyObject *args)
{
    PyObject *po, *uo, *go, *co, *wo, *no, *wino;
    long long target;
    grundy_array parent, up, g, contrib, ew, need, win;
    PyObject *result = NULL;
    Py_ssize_t nparts, c;
    const int64_t *pa, *ua, *ga, *ca, *wa;
    int64_t *na;
    uint8_t *wi;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOLOO:bridge_cuts", &po, &uo, &go, &co, &wo, &target, &no,
                          &wino))
        return NULL;
    parent.held = up.held = g.held = contrib.held = ew.held = need.held = win.held = 0;
    if (grundy_get_array(po, &parent, 'i', 8, 0, "parent") < 0
        || grundy_get_array(uo, &up, 'i', 8, 0, "up_edge") < 0
        || grundy_get_array(go, &g, 'i', 8, 0, "g") < 0
        || grundy_get_array(co, &contrib, 'i', 8, 0, "contrib") < 0
        || grundy_get_array(wo, &ew, 'i', 8, 0, "ew") < 0
        || grundy_get_array(no, &need, 'i', 8, 1, "need") < 0
        || grundy_get_array(wino, &win, 'b', 1, 1, "win") < 0)
        goto out;
    {
        grundy_array *arrs[7] = {&need, &win, &parent, &up, &g, &contrib, &ew};
        if (grundy_disjoint(arrs, 2, 7) < 0)
            goto out;
    }
    nparts = parent.len;
    if (up.len != nparts || g.len != nparts || contrib.len != nparts || need.len != nparts
        || win.len != nparts) {
        PyErr_SetString(PyExc_ValueError,
                        "parent, up_edge, g, contrib, need and win: expected one length");
        goto out;
    }
    pa = (const int64_t *)parent.data;
    ua = (const int64_t *)up.data;
    ga = (const int64_t *)g.data;
    ca = (const int64_t *)contrib.data;
    wa = (const int64_t *)ew.data;
    na = (int64_t *)need.data;
    wi = (uint8_t *)win.data;
    for (c = 1; c < nparts; c++) { /* checked before any work: indexes in range */
        if (pa[c] < 0 || pa[c] >= nparts || ua[c] < 0 || ua[c] >= ew.len) {
            PyErr_SetString(PyExc_ValueError, "parent or up_edge: an index out of range");
            goto out;
        }
    }
    if (nparts > 0) {
        memset(wi, 0, (size_t)nparts);
        na[0] = (int64_t)target;
    }
    for (c = 1; c < nparts; c++) {
        int64_t p_need = na[pa[c]], y, w, s;
        na[c] = -1;
        if (p_need < 0)
            continue;
        y = ga[pa[c]] ^ p_need ^ ca[c];
        w = wa[ua[c]];
        if (w == 1) {
            wi[c] = (uint8_t)(y == 0);
            na[c] = y >= 1 ? y - 1 : -1;
        } else {
            if (w == 2)
                s = (int64_t)((uint64_t)ga[c] + 1u); /* stalk(1, g); wraps like int64 */
            else if (w % 2 != 0)
                s = ga[c];
            else
                s = ga[c] ^ 1;
            wi[c] = (uint8_t)(s == y);
            na[c] = w % 2 == 0 ? y : (y ^ 1);
        }
    }
    Py_INCREF(Py_None);
    result = Py_None;
out:
    grundy_release(&parent);
    grundy_release(&up);
    grundy_release(&g);
    grundy_release(&contrib);
    grundy_release(&ew);
    grundy_release(&need);
    grundy_release(&win);
    return result;
}

PyMethodDef GRUNDY_HACKENBUSH_METHODS[] = {
    {"decompose", decompose, METH_VARARGS, decompose_doc},
    {"reach", reach, METH_VARARGS, reach_doc},
    {"bridge_cuts", bridge_cuts, METH_VARARGS, bridge_cuts_doc},
    {NULL, NULL, 0, NULL},
};
