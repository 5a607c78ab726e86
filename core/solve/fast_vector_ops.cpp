#include "solve/fast_vector_ops.h"

#include <algorithm>
#include <cmath>

namespace kelvin::core {

namespace {

double* data(N_Vector v) { return NV_DATA_S(v); }
sunindextype length(N_Vector v) { return NV_LENGTH_S(v); }

/// z = a·x + b·y, with the special cases of N_VLinearSum_Serial (so the same roundings:
/// a = b computes a·(x + y), a unit coefficient skips its product).
void linearSum(sunrealtype a, N_Vector xv, sunrealtype b, N_Vector yv, N_Vector zv) {
  const double* x = data(xv);
  const double* y = data(yv);
  double* z = data(zv);
  const sunindextype n = length(zv);
  if (b == 1.0 && zv == yv) {  // y += a·x
    if (a == 1.0)
      for (sunindextype i = 0; i < n; ++i) z[i] = y[i] + x[i];
    else if (a == -1.0)
      for (sunindextype i = 0; i < n; ++i) z[i] = y[i] - x[i];
    else
      for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] + y[i];
    return;
  }
  if (a == 1.0 && zv == xv) {  // x += b·y
    linearSum(b, yv, 1.0, xv, zv);
    return;
  }
  if (a == 1.0 && b == 1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = x[i] + y[i];
  } else if (a == 1.0 && b == -1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = x[i] - y[i];
  } else if (a == -1.0 && b == 1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = y[i] - x[i];
  } else if (a == 1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = b * y[i] + x[i];
  } else if (b == 1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] + y[i];
  } else if (a == -1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = b * y[i] - x[i];
  } else if (b == -1.0) {
    for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] - y[i];
  } else if (a == b) {
    for (sunindextype i = 0; i < n; ++i) z[i] = a * (x[i] + y[i]);
  } else if (a == -b) {
    for (sunindextype i = 0; i < n; ++i) z[i] = a * (x[i] - y[i]);
  } else {
    for (sunindextype i = 0; i < n; ++i) z[i] = a * x[i] + b * y[i];
  }
}

void constant(sunrealtype c, N_Vector zv) { std::fill_n(data(zv), length(zv), c); }

void product(N_Vector xv, N_Vector yv, N_Vector zv) {
  const double* x = data(xv);
  const double* y = data(yv);
  double* z = data(zv);
  for (sunindextype i = 0, n = length(zv); i < n; ++i) z[i] = x[i] * y[i];
}

void quotient(N_Vector xv, N_Vector yv, N_Vector zv) {
  const double* x = data(xv);
  const double* y = data(yv);
  double* z = data(zv);
  for (sunindextype i = 0, n = length(zv); i < n; ++i) z[i] = x[i] / y[i];
}

void scale(sunrealtype c, N_Vector xv, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  for (sunindextype i = 0, n = length(zv); i < n; ++i) z[i] = c * x[i];
}

void absolute(N_Vector xv, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  for (sunindextype i = 0, n = length(zv); i < n; ++i) z[i] = std::abs(x[i]);
}

void inverse(N_Vector xv, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  for (sunindextype i = 0, n = length(zv); i < n; ++i) z[i] = 1.0 / x[i];
}

void addConstant(N_Vector xv, sunrealtype b, N_Vector zv) {
  const double* x = data(xv);
  double* z = data(zv);
  for (sunindextype i = 0, n = length(zv); i < n; ++i) z[i] = x[i] + b;
}

/// z = Σ c[k]·X[k] in one pass, accumulated in the order of SUNDIALS' fallback
/// (c[0]·X[0], then + c[k]·X[k] for k = 1, 2, ...). z may be X[0].
int linearCombination(int count, sunrealtype* c, N_Vector* X, N_Vector zv) {
  if (count == 1) {
    scale(c[0], X[0], zv);
    return 0;
  }
  double* z = data(zv);
  const sunindextype n = length(zv);
  constexpr int kMax = 8;  // IDA combines at most q + 2 = 7 vectors
  if (count > kMax) {
    scale(c[0], X[0], zv);
    for (int k = 1; k < count; ++k) linearSum(c[k], X[k], 1.0, zv, zv);
    return 0;
  }
  const double* x[kMax];
  for (int k = 0; k < count; ++k) x[k] = data(X[k]);
  for (sunindextype i = 0; i < n; ++i) {
    double s = c[0] * x[0][i];
    for (int k = 1; k < count; ++k) s += c[k] * x[k][i];
    z[i] = s;
  }
  return 0;
}

/// Z[k] = X[k] + Y[k] for k = 0, 1, ... (the unit coefficients of IDA's update of its history,
/// phi[j] += phi[j + 1] from the top down), a block of elements at a time: the block, updated
/// vector after vector, stays in the first-level cache, where the vector-by-vector fallback
/// reads each history vector from memory twice. Each element is computed as linearSum would,
/// in the same order of k, so a Y[k] that is an earlier Z reads its new values, and the
/// results are the same to the bit. Other coefficients take linearSum pair by pair.
int linearSumArray(int count, sunrealtype a, N_Vector* X, sunrealtype b, N_Vector* Y, N_Vector* Z) {
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
      for (sunindextype i = first; i < last; ++i) zk[i] = xk[i] + yk[i];
    }
  }
  return 0;
}

}  // namespace

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
