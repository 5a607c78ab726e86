#include "solve/fast_vector_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kelvin::core {

/// Every operation is compiled for the widest vectors the processor has as well, chosen when the
/// program loads (GCC's function multi-versioning). Those bound by arithmetic (a division, or a
/// product and a maximum per element) take half the time of the SSE2 loops on AVX-512; the
/// others gain as much while the vectors stay in the first two levels of cache, and still some
/// beyond (the RC ladder's run, CPU: N = 1,000 6.9 -> 5.75 ms, 10,000 72 -> 62 ms, 100,000
/// 0.85 -> 0.76 s). Wider vectors change no element's operations (this file is compiled without
/// contraction into fused multiply-adds, see core/CMakeLists.txt), so the results are the same
/// to the bit.
#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__)
#define KELVIN_WIDEST_VECTORS __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define KELVIN_WIDEST_VECTORS
#endif

namespace {

double* data(N_Vector v) { return NV_DATA_S(v); }
sunindextype length(N_Vector v) { return NV_LENGTH_S(v); }

/// z = a·x + b·y, with the special cases of N_VLinearSum_Serial (so the same roundings:
/// a = b computes a·(x + y), a unit coefficient skips its product).
KELVIN_WIDEST_VECTORS void linearSum(sunrealtype a, N_Vector xv, sunrealtype b, N_Vector yv, N_Vector zv) {
  const double* x = data(xv);
  const double* y = data(yv);
  double* z = data(zv);
  const sunindextype n = length(zv);
  if (b == 1.0 && zv == yv) {  // y += a·x
    if (a == 1.0)
#pragma omp simd
      for (sunindextype i = 0; i < n; ++i) z[i] = y[i] + x[i];
    else if (a == -1.0)
#pragma omp simd
      for (sunindextype i = 0; i < n; ++i) z[i] = y[i] - x[i];
    else
#pragma omp simd
      for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] + y[i];
    return;
  }
  if (a == 1.0 && zv == xv) {  // x += b·y
    linearSum(b, yv, 1.0, xv, zv);
    return;
  }
  if (a == 1.0 && b == 1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = x[i] + y[i];
  } else if (a == 1.0 && b == -1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = x[i] - y[i];
  } else if (a == -1.0 && b == 1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = y[i] - x[i];
  } else if (a == 1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = b * y[i] + x[i];
  } else if (b == 1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] + y[i];
  } else if (a == -1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = b * y[i] - x[i];
  } else if (b == -1.0) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] - y[i];
  } else if (a == b) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = a * (x[i] + y[i]);
  } else if (a == -b) {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = a * (x[i] - y[i]);
  } else {
#pragma omp simd
    for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] + b * y[i];
  }
}

KELVIN_WIDEST_VECTORS void constant(sunrealtype c, N_Vector zv) { std::fill_n(data(zv), length(zv), c); }

KELVIN_WIDEST_VECTORS void product(N_Vector xv, N_Vector yv, N_Vector zv) {
  const double* x = data(xv);
  const double* y = data(yv);
  double* z = data(zv);
  const sunindextype n = length(zv);
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) z[i] = x[i] * y[i];
}

KELVIN_WIDEST_VECTORS void quotient(N_Vector xv, N_Vector yv, N_Vector zv) {
  const double* x = data(xv);
  const double* y = data(yv);
  double* z = data(zv);
  const sunindextype n = length(zv);
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) z[i] = x[i] / y[i];
}

KELVIN_WIDEST_VECTORS void scale(sunrealtype c, N_Vector xv, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  const sunindextype n = length(zv);
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) z[i] = c * x[i];
}

KELVIN_WIDEST_VECTORS void absolute(N_Vector xv, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  const sunindextype n = length(zv);
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) z[i] = std::abs(x[i]);
}

KELVIN_WIDEST_VECTORS void inverse(N_Vector xv, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  const sunindextype n = length(zv);
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) z[i] = 1.0 / x[i];
}

KELVIN_WIDEST_VECTORS void addConstant(N_Vector xv, sunrealtype b, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  const sunindextype n = length(zv);
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) z[i] = x[i] + b;
}

/// z = Σ c[k]·X[k] over K vectors, element by element (z may be X[0]: `omp simd` states that
/// no element depends on another, which a vector that is an operand and the result keeps true).
template <int K>
void combine(const double* c, const double* const* x, double* z, sunindextype n) {
#pragma omp simd
  for (sunindextype i = 0; i < n; ++i) {
    double s = c[0] * x[0][i];
    for (int k = 1; k < K; ++k) s += c[k] * x[k][i];
    z[i] = s;
  }
}

/// z = Σ c[k]·X[k] in one pass, accumulated in the order of SUNDIALS' fallback
/// (c[0]·X[0], then + c[k]·X[k] for k = 1, 2, ...). z may be X[0].
KELVIN_WIDEST_VECTORS int linearCombination(int count, sunrealtype* c, N_Vector* X, N_Vector zv) {
  double* z = data(zv);
  const sunindextype n = length(zv);
  constexpr int kMax = 8;  // IDA combines at most q + 2 = 7 vectors
  if (count == 1 || count > kMax) {
    scale(c[0], X[0], zv);
    for (int k = 1; k < count; ++k) linearSum(c[k], X[k], 1.0, zv, zv);
    return 0;
  }
  const double* x[kMax];
  for (int k = 0; k < count; ++k) x[k] = data(X[k]);
  switch (count) {  // a fixed count unrolls the sum over k, so the loop over i is vectorised
    case 2: combine<2>(c, x, z, n); break;
    case 3: combine<3>(c, x, z, n); break;
    case 4: combine<4>(c, x, z, n); break;
    case 5: combine<5>(c, x, z, n); break;
    case 6: combine<6>(c, x, z, n); break;
    case 7: combine<7>(c, x, z, n); break;
    default: combine<8>(c, x, z, n); break;
  }
  return 0;
}

/// Z[k] = X[k] + Y[k] for k = 0, 1, ... (the unit coefficients of IDA's update of its history,
/// phi[j] += phi[j + 1] from the top down), a block of elements at a time: the block, updated
/// vector after vector, stays in the first-level cache, where the vector-by-vector fallback
/// reads each history vector from memory twice. Each element is computed as linearSum would,
/// in the same order of k, so a Y[k] that is an earlier Z reads its new values, and the
/// results are the same to the bit. Other coefficients take linearSum pair by pair.
KELVIN_WIDEST_VECTORS int linearSumArray(int count, sunrealtype a, N_Vector* X, sunrealtype b, N_Vector* Y,
                                         N_Vector* Z) {
  constexpr int kMax = 8;               // IDA updates at most q + 1 = 6 vectors at once
  constexpr sunindextype kBlock = 512;  // 4 KB per vector: a block of 6 x 3 vectors fits in L1
  if (count > kMax || a != 1.0 || b != 1.0) {
    for (int k = 0; k < count; ++k) linearSum(a, X[k], b, Y[k], Z[k]);
    return 0;
  }
  const double* x[kMax];
  const double* y[kMax];
  double* z[kMax];
  for (int k = 0; k < count; ++k) x[k] = data(X[k]), y[k] = data(Y[k]), z[k] = data(Z[k]);
  const sunindextype n = length(Z[0]);
  for (sunindextype first = 0; first < n; first += kBlock) {
    const sunindextype last = std::min(n, first + kBlock);
    for (int k = 0; k < count; ++k) {
      const double* xk = x[k];
      const double* yk = y[k];
      double* zk = z[k];
#pragma omp simd
      for (sunindextype i = first; i < last; ++i) zk[i] = xk[i] + yk[i];
    }
  }
  return 0;
}

/// IDA's error and convergence tests in the weighted maximum norm, max_i |x_i·w_i|, instead of
/// the root mean square over all unknowns: as SPICE checks each node's truncation error, every
/// unknown must meet rtol·|y_i| + atol. The RMS norm divides by the number of unknowns, so on
/// a large system whose activity is in a few of them (a step diffusing into a long ladder) it
/// let those few err more the larger the model: at rtol 1e-6 the ladder's error at nodes
/// 1/10/100 was 1.6e-7 at N = 1,000 and 1.0e-6 at N = 100,000; in this norm it is 2.2e-8 at
/// any N (bench/README.md). Only the unknowns with id[i] > 0 count when id is given (IDA's
/// masked norm). NaN when an element is NaN, as the RMS norm would be: a failed iterate must
/// not pass.
template <bool kMasked>
[[gnu::always_inline]] inline double maxNorm(const double* x, const double* w, const double* id, sunindextype n) {
  // Independent running maxima over lanes of elements, so that the loop is vectorised: a
  // single running maximum is a chain of dependent max instructions (a few cycles per
  // element). The maximum of a set does not depend on how it is grouped (every e is +0 or
  // more), so the result is the same to the bit.
  constexpr int kLanes = 8;
  double worst[kLanes] = {}, nan[kLanes] = {};
  auto take = [&](sunindextype i, int k) {
    double e = std::abs(x[i] * w[i]);
    if constexpr (kMasked) e = id[i] > 0.0 ? e : 0.0;
    nan[k] = e != e ? 1.0 : nan[k];
    worst[k] = worst[k] > e ? worst[k] : e;
  };
  sunindextype i = 0;
  for (; i + kLanes <= n; i += kLanes)
#pragma omp simd
    for (int k = 0; k < kLanes; ++k) take(i + k, k);
  for (int k = 0; i < n; ++i, ++k) take(i, k);
  double largest = 0.0;
  for (int k = 0; k < kLanes; ++k) {
    if (nan[k] != 0.0) return std::numeric_limits<double>::quiet_NaN();
    largest = largest > worst[k] ? largest : worst[k];
  }
  return largest;
}

KELVIN_WIDEST_VECTORS sunrealtype weightedMaxNorm(N_Vector x, N_Vector w) {
  return maxNorm<false>(data(x), data(w), nullptr, length(x));
}
KELVIN_WIDEST_VECTORS sunrealtype weightedMaxNormMask(N_Vector x, N_Vector w, N_Vector id) {
  return maxNorm<true>(data(x), data(w), data(id), length(x));
}

}  // namespace

KELVIN_WIDEST_VECTORS double errorWeights(N_Vector yv, N_Vector wv, double rtol, double atol) {
  const double* y = data(yv);
  double* w = data(wv);
  const sunindextype n = length(yv);
  double smallest = HUGE_VAL;
#pragma omp simd reduction(min : smallest)
  for (sunindextype i = 0; i < n; ++i) {
    const double tolerance = rtol * std::abs(y[i]) + atol;
    smallest = std::min(smallest, tolerance);
    w[i] = 1.0 / tolerance;
  }
  return smallest;
}

KELVIN_WIDEST_VECTORS bool allFinite(const double* x, sunindextype n) {
  // x·0 is ±0 for a finite x and NaN for an infinite or NaN one: the sum is 0 exactly when all
  // are finite, in whatever order it is summed. So it is summed in independent lanes (as
  // maxNorm does): a single running sum, even vectorised, is a chain of dependent additions.
  constexpr int kLanes = 32;
  double sum[kLanes] = {};
  sunindextype i = 0;
  for (; i + kLanes <= n; i += kLanes)
#pragma omp simd
    for (int k = 0; k < kLanes; ++k) sum[k] += x[i + k] * 0.0;
  for (int k = 0; i < n; ++i, ++k) sum[k] += x[i] * 0.0;
  double total = 0.0;
  for (int k = 0; k < kLanes; ++k) total += sum[k];
  return total == 0.0;
}

void installMaxNorm(N_Vector v) {
  v->ops->nvwrmsnorm = weightedMaxNorm;
  v->ops->nvwrmsnormmask = weightedMaxNormMask;
}

void installFastVectorOps(N_Vector v) {
  N_Vector_Ops ops = v->ops;
  ops->nvlinearsum = linearSum;
  ops->nvconst = constant;
  ops->nvprod = product;
  ops->nvdiv = quotient;
  ops->nvscale = scale;
  ops->nvabs = absolute;
  ops->nvinv = inverse;
  ops->nvaddconst = addConstant;
  ops->nvlinearcombination = linearCombination;
  ops->nvlinearsumvectorarray = linearSumArray;
}

}  // namespace kelvin::core
