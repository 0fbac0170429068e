// rules_sycl's NVPTX implementation of the __spirv_* functions that DPC++'s SYCL headers
// call in device code. DPC++'s front end (from Intel's runtime wheel) writes SPIR code;
// `sycl-device aot` retargets it to NVPTX (internal/nvptx) and links this library, so the
// calls resolve here. Each function is declared with the C++ type the SPIR code calls it
// with, so that clang's Itanium mangling gives the name DPC++'s front end wrote (a plain
// pointer is SPIR's generic space, AS1 its global space, AS3 its local space). Math
// functions call libdevice's __nv_* (NVIDIA's, linked after this library). NVVM intrinsics
// are declared by their LLVM names, so the library needs no target CPU: the image's is
// the one llc is given.
//
// Compiled by clang for nvptx64 with -fconvergent-functions: everything here may hold a
// barrier or a shuffle.

typedef unsigned long size_t;
typedef unsigned int uint;
typedef unsigned long long ull;
typedef long long ll;

#define AS1 __attribute__((address_space(1)))
#define AS3 __attribute__((address_space(3)))
#define INLINE __attribute__((always_inline))

extern "C" {
// Special registers and synchronisation (NVVM intrinsics by name).
uint tid_x() __asm__("llvm.nvvm.read.ptx.sreg.tid.x");
uint tid_y() __asm__("llvm.nvvm.read.ptx.sreg.tid.y");
uint tid_z() __asm__("llvm.nvvm.read.ptx.sreg.tid.z");
uint ntid_x() __asm__("llvm.nvvm.read.ptx.sreg.ntid.x");
uint ntid_y() __asm__("llvm.nvvm.read.ptx.sreg.ntid.y");
uint ntid_z() __asm__("llvm.nvvm.read.ptx.sreg.ntid.z");
uint ctaid_x() __asm__("llvm.nvvm.read.ptx.sreg.ctaid.x");
uint ctaid_y() __asm__("llvm.nvvm.read.ptx.sreg.ctaid.y");
uint ctaid_z() __asm__("llvm.nvvm.read.ptx.sreg.ctaid.z");
uint nctaid_x() __asm__("llvm.nvvm.read.ptx.sreg.nctaid.x");
uint nctaid_y() __asm__("llvm.nvvm.read.ptx.sreg.nctaid.y");
uint nctaid_z() __asm__("llvm.nvvm.read.ptx.sreg.nctaid.z");
uint laneid() __asm__("llvm.nvvm.read.ptx.sreg.laneid");
void bar_sync(int) __asm__("llvm.nvvm.barrier.cta.sync.aligned.all");
void warp_sync(uint) __asm__("llvm.nvvm.bar.warp.sync");
void membar_cta() __asm__("llvm.nvvm.membar.cta");
void membar_gl() __asm__("llvm.nvvm.membar.gl");
void membar_sys() __asm__("llvm.nvvm.membar.sys");
int shfl_idx(uint mask, int v, int lane, int clamp) __asm__("llvm.nvvm.shfl.sync.idx.i32");
int shfl_bfly(uint mask, int v, int lane, int clamp) __asm__("llvm.nvvm.shfl.sync.bfly.i32");
int shfl_up(uint mask, int v, int delta, int clamp) __asm__("llvm.nvvm.shfl.sync.up.i32");
int shfl_down(uint mask, int v, int delta, int clamp) __asm__("llvm.nvvm.shfl.sync.down.i32");
uint ballot_sync(uint mask, bool p) __asm__("llvm.nvvm.vote.ballot.sync");
// CUDA's device printf.
int vprintf(const char *format, void *args);
}

// ---------------------------------------------------------------------------------------
// Work-item and sub-group queries. SPIR's dimension 0 is CUDA's x.

#define DIM3(name, x, y, z)                \
  size_t name(int d) {                     \
    return d == 0 ? (x) : d == 1 ? (y) : (z); \
  }

DIM3(__spirv_BuiltInLocalInvocationId, tid_x(), tid_y(), tid_z())
DIM3(__spirv_BuiltInWorkgroupSize, ntid_x(), ntid_y(), ntid_z())
DIM3(__spirv_BuiltInEnqueuedWorkgroupSize, ntid_x(), ntid_y(), ntid_z())
DIM3(__spirv_BuiltInWorkgroupId, ctaid_x(), ctaid_y(), ctaid_z())
DIM3(__spirv_BuiltInNumWorkgroups, nctaid_x(), nctaid_y(), nctaid_z())
DIM3(__spirv_BuiltInGlobalSize, (size_t)nctaid_x() * ntid_x(), (size_t)nctaid_y() * ntid_y(), (size_t)nctaid_z() * ntid_z())
DIM3(__spirv_BuiltInGlobalInvocationId, (size_t)ctaid_x() * ntid_x() + tid_x(), (size_t)ctaid_y() * ntid_y() + tid_y(),
     (size_t)ctaid_z() * ntid_z() + tid_z())
// Global offsets are deprecated in SYCL 2020; the runtime launches without one.
size_t __spirv_BuiltInGlobalOffset(int) { return 0; }

static INLINE uint local_linear_id() { return tid_x() + ntid_x() * (tid_y() + ntid_y() * tid_z()); }
static INLINE uint local_linear_size() { return ntid_x() * ntid_y() * ntid_z(); }

size_t __spirv_BuiltInLocalInvocationIndex() { return local_linear_id(); }
size_t __spirv_BuiltInGlobalLinearId() {
  size_t gx = (size_t)nctaid_x() * ntid_x(), gy = (size_t)nctaid_y() * ntid_y();
  return __spirv_BuiltInGlobalInvocationId(0) + gx * (__spirv_BuiltInGlobalInvocationId(1) + gy * __spirv_BuiltInGlobalInvocationId(2));
}

// A sub-group is a warp of 32 work-items of the work-group's linear order; the last one
// holds what is left.
uint __spirv_BuiltInSubgroupMaxSize() { return 32; }
uint __spirv_BuiltInSubgroupId() { return local_linear_id() / 32; }
uint __spirv_BuiltInNumSubgroups() { return (local_linear_size() + 31) / 32; }
uint __spirv_BuiltInNumEnqueuedSubgroups() { return (local_linear_size() + 31) / 32; }
uint __spirv_BuiltInSubgroupLocalInvocationId() { return local_linear_id() % 32; }
uint __spirv_BuiltInSubgroupSize() {
  uint left = local_linear_size() - __spirv_BuiltInSubgroupId() * 32;
  return left < 32 ? left : 32;
}

// The lanes of the calling sub-group.
static INLINE uint sg_mask() {
  uint n = __spirv_BuiltInSubgroupSize();
  return n == 32 ? 0xffffffffu : (1u << n) - 1u;
}

// ---------------------------------------------------------------------------------------
// Barriers and fences. Scopes: 0 cross-device, 1 device, 2 work-group, 3 sub-group,
// 4 invocation.

static INLINE void fence(int scope) {
  if (scope == 0)
    membar_sys();
  else if (scope == 1)
    membar_gl();
  else if (scope <= 3)
    membar_cta();
}

void __spirv_MemoryBarrier(int scope, int semantics) {
  if (semantics != 0) fence(scope);
}

void __spirv_ControlBarrier(int exec_scope, int mem_scope, int semantics) {
  if (semantics != 0 && mem_scope < 2) fence(mem_scope);
  if (exec_scope == 3)
    warp_sync(sg_mask());
  else
    bar_sync(0);  // also a work-group memory fence
}

// ---------------------------------------------------------------------------------------
// Atomics. The memory order follows the semantics' order bits (acquire 0x2, release 0x4,
// acquire-release 0x8, sequentially consistent 0x10). They operate through generic
// pointers (the optimiser infers the space back).

static INLINE int order(int sem) {
  if (sem & 0x10) return __ATOMIC_SEQ_CST;
  if (sem & 0x8) return __ATOMIC_ACQ_REL;
  if (sem & 0x4) return __ATOMIC_RELEASE;
  if (sem & 0x2) return __ATOMIC_ACQUIRE;
  return __ATOMIC_RELAXED;
}

// Loads and stores may not take release or acquire orders respectively.
static INLINE int load_order(int sem) {
  int o = order(sem);
  return o == __ATOMIC_RELEASE || o == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : o;
}
static INLINE int store_order(int sem) {
  int o = order(sem);
  return o == __ATOMIC_ACQUIRE || o == __ATOMIC_ACQ_REL ? __ATOMIC_RELEASE : o;
}

#define ATOMIC_RMW(name, T, AS, builtin)                          \
  T name(AS T *p, int scope, int sem, T v) { return builtin((T *)p, v, order(sem)); }

#define ATOMIC_COMMON(T, AS)                                                              \
  T __spirv_AtomicLoad(AS T *p, int scope, int sem) {                                     \
    T r;                                                                                  \
    __atomic_load((T *)p, &r, load_order(sem));                                                \
    return r;                                                                             \
  }                                                                                       \
  void __spirv_AtomicStore(AS T *p, int scope, int sem, T v) { __atomic_store((T *)p, &v, store_order(sem)); } \
  T __spirv_AtomicExchange(AS T *p, int scope, int sem, T v) {                            \
    T r;                                                                                  \
    __atomic_exchange((T *)p, &v, &r, order(sem));                                             \
    return r;                                                                             \
  }                                                                                       \
  T __spirv_AtomicCompareExchange(AS T *p, int scope, int eq, int neq, T v, T expected) { \
    __atomic_compare_exchange((T *)p, &expected, &v, false, order(eq), load_order(neq));       \
    return expected;                                                                      \
  }

#define ATOMIC_INT(T, AS, MIN, MAX)                                          \
  ATOMIC_COMMON(T, AS)                                                       \
  ATOMIC_RMW(__spirv_AtomicIAdd, T, AS, __atomic_fetch_add)                  \
  ATOMIC_RMW(__spirv_AtomicISub, T, AS, __atomic_fetch_sub)                  \
  ATOMIC_RMW(__spirv_AtomicAnd, T, AS, __atomic_fetch_and)                   \
  ATOMIC_RMW(__spirv_AtomicOr, T, AS, __atomic_fetch_or)                     \
  ATOMIC_RMW(__spirv_AtomicXor, T, AS, __atomic_fetch_xor)                   \
  ATOMIC_RMW(MIN, T, AS, __atomic_fetch_min)                                 \
  ATOMIC_RMW(MAX, T, AS, __atomic_fetch_max)                                 \
  T __spirv_AtomicIIncrement(AS T *p, int scope, int sem) { return __atomic_fetch_add((T *)p, (T)1, order(sem)); } \
  T __spirv_AtomicIDecrement(AS T *p, int scope, int sem) { return __atomic_fetch_sub((T *)p, (T)1, order(sem)); }

#define ATOMIC_FLOAT(T, AS)                                 \
  ATOMIC_COMMON(T, AS)                                      \
  ATOMIC_RMW(__spirv_AtomicFAddEXT, T, AS, __atomic_fetch_add) \
  ATOMIC_RMW(__spirv_AtomicFMinEXT, T, AS, __atomic_fetch_min) \
  ATOMIC_RMW(__spirv_AtomicFMaxEXT, T, AS, __atomic_fetch_max)

#define ATOMICS(AS)                                            \
  ATOMIC_INT(int, AS, __spirv_AtomicSMin, __spirv_AtomicSMax)  \
  ATOMIC_INT(long, AS, __spirv_AtomicSMin, __spirv_AtomicSMax) \
  ATOMIC_INT(ll, AS, __spirv_AtomicSMin, __spirv_AtomicSMax)   \
  ATOMIC_INT(uint, AS, __spirv_AtomicUMin, __spirv_AtomicUMax) \
  ATOMIC_INT(size_t, AS, __spirv_AtomicUMin, __spirv_AtomicUMax) \
  ATOMIC_INT(ull, AS, __spirv_AtomicUMin, __spirv_AtomicUMax)  \
  ATOMIC_FLOAT(float, AS)                                      \
  ATOMIC_FLOAT(double, AS)

ATOMICS()
ATOMICS(AS1)
ATOMICS(AS3)

// ---------------------------------------------------------------------------------------
// Sub-group shuffles (SPV_INTEL_subgroups), by 32-bit words.

template <typename T>
static INLINE T shuffle_idx(T x, uint lane) {
  union {
    T v;
    int w[(sizeof(T) + 3) / 4];
  } u = {};
  u.v = x;
  for (unsigned i = 0; i < (sizeof(T) + 3) / 4; i++) u.w[i] = shfl_idx(sg_mask(), u.w[i], (int)lane, 0x1f);
  return u.v;
}

#define SHUFFLES(T)                                                                      \
  T __spirv_SubgroupShuffleINTEL(T x, uint id) { return shuffle_idx(x, id); }            \
  T __spirv_SubgroupShuffleXorINTEL(T x, uint mask) {                                    \
    return shuffle_idx(x, __spirv_BuiltInSubgroupLocalInvocationId() ^ mask);            \
  }                                                                                      \
  T __spirv_SubgroupShuffleDownINTEL(T cur, T next, uint delta) {                        \
    uint n = __spirv_BuiltInSubgroupMaxSize(), at = __spirv_BuiltInSubgroupLocalInvocationId() + delta; \
    T a = shuffle_idx(cur, at % n), b = shuffle_idx(next, at % n);                       \
    return at < n ? a : b;                                                               \
  }                                                                                      \
  T __spirv_SubgroupShuffleUpINTEL(T prev, T cur, uint delta) {                          \
    uint n = __spirv_BuiltInSubgroupMaxSize(), id = __spirv_BuiltInSubgroupLocalInvocationId(); \
    uint at = (id + n - delta) % n;                                                      \
    T a = shuffle_idx(prev, at), b = shuffle_idx(cur, at);                               \
    return id < delta ? a : b;                                                           \
  }

#define FOR_TYPES(X) \
  X(char)            \
  X(signed char)     \
  X(unsigned char)   \
  X(short)           \
  X(unsigned short)  \
  X(int)             \
  X(uint)            \
  X(long)            \
  X(size_t)          \
  X(ll)              \
  X(ull)             \
  X(float)           \
  X(double)          \
  X(_Float16)

FOR_TYPES(SHUFFLES)

// ---------------------------------------------------------------------------------------
// Group functions: scope 2 is the work-group, 3 the sub-group. Operations: 0 reduce,
// 1 inclusive scan, 2 exclusive scan.

enum { kWorkgroup = 2, kSubgroup = 3 };
enum { kReduce = 0, kInclusive = 1, kExclusive = 2 };

// Shared memory for work-group collectives: a word per sub-group, then one.
static AS3 ull scratch[33];

template <typename T, typename Op>
static INLINE T sg_scan(T x, Op op, T identity, int kind) {
  uint id = __spirv_BuiltInSubgroupLocalInvocationId(), n = __spirv_BuiltInSubgroupSize();
  if (kind == kReduce) {
    for (uint d = 1; d < 32; d *= 2) {
      T y = shuffle_idx(x, id + d < n ? id + d : id);
      if (id + d < n) x = op(x, y);
    }
    return shuffle_idx(x, 0);
  }
  T incl = x;
  for (uint d = 1; d < 32; d *= 2) {
    T y = shuffle_idx(incl, id >= d ? id - d : id);
    if (id >= d) incl = op(y, incl);
  }
  if (kind == kInclusive) return incl;
  T prev = shuffle_idx(incl, id > 0 ? id - 1 : 0);
  return id == 0 ? identity : prev;
}

template <typename T>
static INLINE AS3 T *scratch_as() {
  return (AS3 T *)(AS3 void *)scratch;
}

template <typename T, typename Op>
static INLINE T wg_scan(T x, Op op, T identity, int kind) {
  uint sg = __spirv_BuiltInSubgroupId(), nsg = __spirv_BuiltInNumSubgroups();
  uint id = __spirv_BuiltInSubgroupLocalInvocationId();
  AS3 T *s = scratch_as<T>();
  if (kind == kReduce) {
    // Each sub-group's total, then the totals' total in sub-group 0.
    T part = sg_scan(x, op, identity, kReduce);
    if (id == 0) s[sg] = part;
    bar_sync(0);
    if (sg == 0) {
      T total = sg_scan(id < nsg ? s[id] : identity, op, identity, kReduce);
      if (id == 0) s[32] = total;
    }
    bar_sync(0);
    T result = s[32];
    bar_sync(0);  // the scratch words are free again
    return result;
  }
  T incl = sg_scan(x, op, identity, kInclusive);
  // The last lane's inclusive value is its sub-group's total.
  if (id == __spirv_BuiltInSubgroupSize() - 1) s[sg] = incl;
  bar_sync(0);
  if (sg == 0) {
    T t = id < nsg ? s[id] : identity;
    T before = sg_scan(t, op, identity, kExclusive);
    if (id < nsg) s[id] = before;
  }
  bar_sync(0);
  T base = s[sg];
  T prev = shuffle_idx(incl, id > 0 ? id - 1 : 0);  // the exclusive scan, from the inclusive one
  T result = kind == kInclusive ? op(base, incl) : id == 0 ? base : op(base, prev);
  bar_sync(0);  // the scratch words are free again
  return result;
}

template <typename T, typename Op>
static INLINE T group(int scope, int kind, T x, Op op, T identity) {
  return scope == kSubgroup ? sg_scan(x, op, identity, kind) : wg_scan(x, op, identity, kind);
}

template <typename T>
static INLINE T broadcast(int scope, T x, uint lane_or_linear) {
  if (scope == kSubgroup) return shuffle_idx(x, lane_or_linear);
  AS3 T *s = scratch_as<T>();
  if (local_linear_id() == lane_or_linear) s[0] = x;
  bar_sync(0);
  T r = s[0];
  bar_sync(0);
  return r;
}

#define OP(name, expr) \
  struct name {        \
    template <typename T> INLINE T operator()(T a, T b) const { return expr; } \
  };
OP(Add, a + b)
OP(Mul, a * b)
OP(Min, a < b ? a : b)
OP(Max, a > b ? a : b)
OP(And, a & b)
OP(Or, a | b)
OP(Xor, a ^ b)
OP(LAnd, a && b)
OP(LOr, a || b)

// The extremes of each integer type: the identities of min and max.
template <typename T> struct limits;
#define LIMITS(T, LO, HI)              \
  template <> struct limits<T> {       \
    static constexpr T lo = LO, hi = HI; \
  };
LIMITS(signed char, -__SCHAR_MAX__ - 1, __SCHAR_MAX__)
LIMITS(unsigned char, 0, 2 * __SCHAR_MAX__ + 1)
LIMITS(short, -__SHRT_MAX__ - 1, __SHRT_MAX__)
LIMITS(unsigned short, 0, 2 * __SHRT_MAX__ + 1)
LIMITS(int, -__INT_MAX__ - 1, __INT_MAX__)
LIMITS(uint, 0, ~0u)
LIMITS(long, -__LONG_MAX__ - 1, __LONG_MAX__)
LIMITS(size_t, 0, ~0ul)
LIMITS(ll, -__LONG_LONG_MAX__ - 1, __LONG_LONG_MAX__)
LIMITS(ull, 0, ~0ull)

#define GROUP_INT(T, MINV, MAXV)                                                                  \
  T __spirv_GroupIAdd(int s, int k, T x) { return group(s, k, x, Add(), (T)0); }                 \
  T __spirv_GroupIMulKHR(int s, int k, T x) { return group(s, k, x, Mul(), (T)1); }              \
  T __spirv_GroupBitwiseAndKHR(int s, int k, T x) { return group(s, k, x, And(), (T)~(T)0); }    \
  T __spirv_GroupBitwiseOrKHR(int s, int k, T x) { return group(s, k, x, Or(), (T)0); }          \
  T __spirv_GroupBitwiseXorKHR(int s, int k, T x) { return group(s, k, x, Xor(), (T)0); }        \
  T MINV(int s, int k, T x) { return group(s, k, x, Min(), limits<T>::hi); }                     \
  T MAXV(int s, int k, T x) { return group(s, k, x, Max(), limits<T>::lo); }

GROUP_INT(int, __spirv_GroupSMin, __spirv_GroupSMax)
GROUP_INT(long, __spirv_GroupSMin, __spirv_GroupSMax)
GROUP_INT(ll, __spirv_GroupSMin, __spirv_GroupSMax)
GROUP_INT(uint, __spirv_GroupUMin, __spirv_GroupUMax)
GROUP_INT(size_t, __spirv_GroupUMin, __spirv_GroupUMax)
GROUP_INT(ull, __spirv_GroupUMin, __spirv_GroupUMax)
GROUP_INT(short, __spirv_GroupSMin, __spirv_GroupSMax)
GROUP_INT(unsigned short, __spirv_GroupUMin, __spirv_GroupUMax)
GROUP_INT(signed char, __spirv_GroupSMin, __spirv_GroupSMax)
GROUP_INT(unsigned char, __spirv_GroupUMin, __spirv_GroupUMax)

#define GROUP_FLOAT(T)                                                                      \
  T __spirv_GroupFAdd(int s, int k, T x) { return group(s, k, x, Add(), (T)0); }           \
  T __spirv_GroupFMulKHR(int s, int k, T x) { return group(s, k, x, Mul(), (T)1); }        \
  T __spirv_GroupFMin(int s, int k, T x) { return group(s, k, x, Min(), (T)__builtin_inf()); } \
  T __spirv_GroupFMax(int s, int k, T x) { return group(s, k, x, Max(), (T)-__builtin_inf()); }

GROUP_FLOAT(float)
GROUP_FLOAT(double)
GROUP_FLOAT(_Float16)

bool __spirv_GroupAll(int s, bool p) { return group(s, kReduce, (int)p, LAnd(), 1); }
bool __spirv_GroupAny(int s, bool p) { return group(s, kReduce, (int)p, LOr(), 0); }
bool __spirv_GroupLogicalAndKHR(int s, int k, bool p) { return group(s, k, (int)p, LAnd(), 1); }
bool __spirv_GroupLogicalOrKHR(int s, int k, bool p) { return group(s, k, (int)p, LOr(), 0); }

#define BROADCASTS(T)                                                                       \
  T __spirv_GroupBroadcast(int s, T x, uint id) { return broadcast(s, x, id); }            \
  T __spirv_GroupBroadcast(int s, T x, size_t id) { return broadcast(s, x, (uint)id); }

FOR_TYPES(BROADCASTS)

// Ballot: the sub-group's lanes whose predicate holds, as SPIR-V's 4-word mask.
typedef uint uint4v __attribute__((ext_vector_type(4)));
uint4v __spirv_GroupNonUniformBallot(int, bool p) {
  uint4v r = {ballot_sync(sg_mask(), p), 0, 0, 0};
  return r;
}

// ---------------------------------------------------------------------------------------
// printf: the format is in SPIR's constant space, NVPTX's 4 once retargeted (the name
// keeps SPIR's); CUDA's vprintf takes the arguments packed as NVPTX's va_list packs them.
#define AS4 __attribute__((address_space(4)))
typedef __builtin_va_list va_list;
int spirv_printf(AS4 const char *format, ...) __asm__("_Z18__spirv_ocl_printfPU3AS2Kcz");
int spirv_printf(AS4 const char *format, ...) {
  va_list ap;
  __builtin_va_start(ap, format);
  int r = vprintf((const char *)format, (void *)ap);
  __builtin_va_end(ap);
  return r;
}

// ---------------------------------------------------------------------------------------
// The OpenCL math of SPIR-V's extended instruction set, from libdevice (__nv_*, NVIDIA's
// bitcode library, linked after this one) in float and double.

// MATH1 and MATH2 define a function of math_names.inc (generated from the list of C
// math calls rules_sycl lowers to OpenCL built-ins) in both names DPC++'s SPIR code may
// call it by: OpenCL's (sin(float) is _Z3sinf) and SPIR-V's (__spirv_ocl_sin), float and
// double, over libdevice's __nv_<name>f and __nv_<name>.
#define MATH1(name)                                                 \
  extern "C" float __nv_##name##f(float);                           \
  extern "C" double __nv_##name(double);                            \
  float name(float x) { return __nv_##name##f(x); }                 \
  double name(double x) { return __nv_##name(x); }                  \
  float __spirv_ocl_##name(float x) { return __nv_##name##f(x); }   \
  double __spirv_ocl_##name(double x) { return __nv_##name(x); }
#define MATH2(name)                                                            \
  extern "C" float __nv_##name##f(float, float);                               \
  extern "C" double __nv_##name(double, double);                               \
  float name(float x, float y) { return __nv_##name##f(x, y); }                \
  double name(double x, double y) { return __nv_##name(x, y); }                \
  float __spirv_ocl_##name(float x, float y) { return __nv_##name##f(x, y); }  \
  double __spirv_ocl_##name(double x, double y) { return __nv_##name(x, y); }

#include "toolchain/nvptx/math_names.inc"

// Not in libdevice under its OpenCL name.
extern "C" float __nv_sinpif(float);
extern "C" double __nv_sinpi(double);
extern "C" float __nv_cospif(float);
extern "C" double __nv_cospi(double);
extern "C" float __nv_rsqrtf(float);
extern "C" double __nv_rsqrt(double);
float __spirv_ocl_sinpi(float x) { return __nv_sinpif(x); }
double __spirv_ocl_sinpi(double x) { return __nv_sinpi(x); }
float __spirv_ocl_cospi(float x) { return __nv_cospif(x); }
double __spirv_ocl_cospi(double x) { return __nv_cospi(x); }
float __spirv_ocl_rsqrt(float x) { return __nv_rsqrtf(x); }
double __spirv_ocl_rsqrt(double x) { return __nv_rsqrt(x); }


extern "C" float __nv_fmaf(float, float, float);
extern "C" double __nv_fma(double, double, double);
float fma(float a, float b, float c) { return __nv_fmaf(a, b, c); }
double fma(double a, double b, double c) { return __nv_fma(a, b, c); }
float __spirv_ocl_fma(float a, float b, float c) { return __nv_fmaf(a, b, c); }
double __spirv_ocl_fma(double a, double b, double c) { return __nv_fma(a, b, c); }
float __spirv_ocl_mad(float a, float b, float c) { return __nv_fmaf(a, b, c); }
double __spirv_ocl_mad(double a, double b, double c) { return __nv_fma(a, b, c); }
float __spirv_ocl_powr(float x, float y) { return __nv_powf(x, y); }
double __spirv_ocl_powr(double x, double y) { return __nv_pow(x, y); }
extern "C" float __nv_powif(float, int);
extern "C" double __nv_powi(double, int);
float __spirv_ocl_pown(float x, int n) { return __nv_powif(x, n); }
double __spirv_ocl_pown(double x, int n) { return __nv_powi(x, n); }
float __spirv_ocl_rootn(float x, int n) { return __nv_powf(x, 1.0f / (float)n); }
double __spirv_ocl_rootn(double x, int n) { return __nv_pow(x, 1.0 / (double)n); }
extern "C" float __nv_ldexpf(float, int);
extern "C" double __nv_ldexp(double, int);
float ldexp(float x, int n) { return __nv_ldexpf(x, n); }
double ldexp(double x, int n) { return __nv_ldexp(x, n); }
float __spirv_ocl_ldexp(float x, int n) { return __nv_ldexpf(x, n); }
double __spirv_ocl_ldexp(double x, int n) { return __nv_ldexp(x, n); }
extern "C" int __nv_ilogbf(float);
extern "C" int __nv_ilogb(double);
int ilogb(float x) { return __nv_ilogbf(x); }
int ilogb(double x) { return __nv_ilogb(x); }
int __spirv_ocl_ilogb(float x) { return __nv_ilogbf(x); }
int __spirv_ocl_ilogb(double x) { return __nv_ilogb(x); }
extern "C" float __nv_frexpf(float, int *);
extern "C" double __nv_frexp(double, int *);
extern "C" float __nv_modff(float, float *);
extern "C" double __nv_modf(double, double *);
extern "C" void __nv_sincosf(float, float *, float *);
extern "C" void __nv_sincos(double, double *, double *);

// The functions with an out pointer, in each space the pointer may be in.
#define OUT_PTR(AS)                                                                            \
  float __spirv_ocl_frexp(float x, AS int *e) { int t; float r = __nv_frexpf(x, &t); *e = t; return r; } \
  double __spirv_ocl_frexp(double x, AS int *e) { int t; double r = __nv_frexp(x, &t); *e = t; return r; } \
  float __spirv_ocl_modf(float x, AS float *i) { float t; float r = __nv_modff(x, &t); *i = t; return r; } \
  double __spirv_ocl_modf(double x, AS double *i) { double t; double r = __nv_modf(x, &t); *i = t; return r; } \
  float __spirv_ocl_sincos(float x, AS float *c) { float s, t; __nv_sincosf(x, &s, &t); *c = t; return s; } \
  double __spirv_ocl_sincos(double x, AS double *c) { double s, t; __nv_sincos(x, &s, &t); *c = t; return s; }
OUT_PTR()
OUT_PTR(AS1)
OUT_PTR(AS3)

// native_ and half_ forms: CUDA's fast intrinsics where libdevice has them.
extern "C" float __nv_fast_sinf(float);
extern "C" float __nv_fast_cosf(float);
extern "C" float __nv_fast_tanf(float);
extern "C" float __nv_fast_expf(float);
extern "C" float __nv_fast_exp10f(float);
extern "C" float __nv_fast_logf(float);
extern "C" float __nv_fast_log2f(float);
extern "C" float __nv_fast_log10f(float);
extern "C" float __nv_fast_powf(float, float);
extern "C" float __nv_fast_fdividef(float, float);
float __spirv_ocl_native_sin(float x) { return __nv_fast_sinf(x); }
float __spirv_ocl_native_cos(float x) { return __nv_fast_cosf(x); }
float __spirv_ocl_native_tan(float x) { return __nv_fast_tanf(x); }
float __spirv_ocl_native_exp(float x) { return __nv_fast_expf(x); }
float __spirv_ocl_native_exp2(float x) { return __nv_exp2f(x); }
float __spirv_ocl_native_exp10(float x) { return __nv_fast_exp10f(x); }
float __spirv_ocl_native_log(float x) { return __nv_fast_logf(x); }
float __spirv_ocl_native_log2(float x) { return __nv_fast_log2f(x); }
float __spirv_ocl_native_log10(float x) { return __nv_fast_log10f(x); }
float __spirv_ocl_native_powr(float x, float y) { return __nv_fast_powf(x, y); }
float __spirv_ocl_native_divide(float x, float y) { return __nv_fast_fdividef(x, y); }
float __spirv_ocl_native_recip(float x) { return __nv_fast_fdividef(1.0f, x); }
float __spirv_ocl_native_sqrt(float x) { return __nv_sqrtf(x); }
float __spirv_ocl_native_rsqrt(float x) { return __nv_rsqrtf(x); }
double __spirv_ocl_native_sqrt(double x) { return __nv_sqrt(x); }
double __spirv_ocl_native_rsqrt(double x) { return __nv_rsqrt(x); }
double __spirv_ocl_native_exp(double x) { return __nv_exp(x); }
double __spirv_ocl_native_log(double x) { return __nv_log(x); }
double __spirv_ocl_native_sin(double x) { return __nv_sin(x); }
double __spirv_ocl_native_cos(double x) { return __nv_cos(x); }

// Common functions.
float __spirv_ocl_fmax_common(float x, float y) { return __nv_fmaxf(x, y); }
double __spirv_ocl_fmax_common(double x, double y) { return __nv_fmax(x, y); }
float __spirv_ocl_fmin_common(float x, float y) { return __nv_fminf(x, y); }
double __spirv_ocl_fmin_common(double x, double y) { return __nv_fmin(x, y); }
#define COMMON(T)                                                                              \
  T __spirv_ocl_fclamp(T x, T lo, T hi) { return x < lo ? lo : x > hi ? hi : x; }              \
  T __spirv_ocl_mix(T a, T b, T t) { return a + (b - a) * t; }                                 \
  T __spirv_ocl_step(T edge, T x) { return x < edge ? (T)0 : (T)1; }                           \
  T __spirv_ocl_smoothstep(T e0, T e1, T x) {                                                  \
    T t = __spirv_ocl_fclamp((x - e0) / (e1 - e0), (T)0, (T)1);                                \
    return t * t * ((T)3 - (T)2 * t);                                                          \
  }                                                                                            \
  T __spirv_ocl_sign(T x) { return x > (T)0 ? (T)1 : x < (T)0 ? (T)-1 : x == x ? (T)0 : x; }   \
  T __spirv_ocl_degrees(T r) { return r * (T)57.29577951308232; }                              \
  T __spirv_ocl_radians(T d) { return d * (T)0.017453292519943295; }
COMMON(float)
COMMON(double)

// Relational functions.
#define RELATIONAL(T)                                                                  \
  bool __spirv_IsNan(T x) { return __builtin_isnan(x); }                              \
  bool __spirv_IsInf(T x) { return __builtin_isinf(x); }                              \
  bool __spirv_IsFinite(T x) { return __builtin_isfinite(x); }                        \
  bool __spirv_IsNormal(T x) { return __builtin_isnormal(x); }                        \
  bool __spirv_SignBitSet(T x) { return __builtin_signbit(x); }                       \
  bool __spirv_Ordered(T x, T y) { return !__builtin_isunordered(x, y); }             \
  bool __spirv_Unordered(T x, T y) { return __builtin_isunordered(x, y); }
RELATIONAL(float)
RELATIONAL(double)

// Integer functions of the extended set, by signedness.
#define INT_S(T)                                                                         \
  T __spirv_ocl_s_min(T x, T y) { return x < y ? x : y; }                                \
  T __spirv_ocl_s_max(T x, T y) { return x > y ? x : y; }                                \
  T __spirv_ocl_s_clamp(T x, T lo, T hi) { return x < lo ? lo : x > hi ? hi : x; }       \
  T __spirv_ocl_s_abs(T x) { return x < 0 ? -x : x; }
#define INT_U(T)                                                                         \
  T __spirv_ocl_u_min(T x, T y) { return x < y ? x : y; }                                \
  T __spirv_ocl_u_max(T x, T y) { return x > y ? x : y; }                                \
  T __spirv_ocl_u_clamp(T x, T lo, T hi) { return x < lo ? lo : x > hi ? hi : x; }       \
  T __spirv_ocl_u_abs(T x) { return x; }
#define INT_BITS(T)                                                                        \
  T __spirv_ocl_clz(T x) { return x == 0 ? (T)(8 * sizeof(T)) : (T)(__builtin_clzll((ull)x) - (64 - 8 * sizeof(T))); } \
  T __spirv_ocl_ctz(T x) { return x == 0 ? (T)(8 * sizeof(T)) : (T)__builtin_ctzll((ull)x); } \
  T __spirv_ocl_popcount(T x) { return (T)__builtin_popcountll((ull)x & (~0ull >> (64 - 8 * sizeof(T)))); }
INT_S(signed char) INT_S(short) INT_S(int) INT_S(long) INT_S(ll)
INT_U(unsigned char) INT_U(unsigned short) INT_U(uint) INT_U(size_t) INT_U(ull)
INT_BITS(signed char) INT_BITS(short) INT_BITS(int) INT_BITS(long) INT_BITS(ll)
INT_BITS(unsigned char) INT_BITS(unsigned short) INT_BITS(uint) INT_BITS(size_t) INT_BITS(ull)
// The high half of a product, in SPIR-V's and OpenCL's names.
#define MUL_HI(T, W, S)                                                   \
  T __spirv_ocl_##S##_mul_hi(T x, T y) { return (T)(((W)x * y) >> (8 * sizeof(T))); } \
  T mul_hi(T x, T y) { return (T)(((W)x * y) >> (8 * sizeof(T))); }
MUL_HI(int, ll, s)
MUL_HI(uint, ull, u)
MUL_HI(long, __int128, s)
MUL_HI(size_t, unsigned __int128, u)

// ---------------------------------------------------------------------------------------
// assert: DPC++'s device library reports a failed assert through __devicelib_assert_fail;
// on NVIDIA GPUs CUDA's __assertfail prints it (file, line, function, block and thread)
// and stops the kernel, which the runtime reports.
extern "C" void __assertfail(const char *message, const char *file, uint line, const char *function, size_t char_size);
extern "C" void __devicelib_assert_fail(const char *expr, const char *file, int line, const char *func, size_t, size_t,
                                        size_t, size_t, size_t, size_t) {
  __assertfail(expr, file, (uint)line, func, 1);
}
