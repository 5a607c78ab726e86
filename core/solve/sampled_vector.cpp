#include "solve/sampled_vector.h"

#include <cstdlib>
#include <memory>
#include <new>

namespace kelvin::core {

namespace {

struct Content {
  /// Zeroed by calloc: the pages of entries never computed are never touched.
  std::unique_ptr<double[], decltype(&std::free)> values;
  sunindextype length;
  std::vector<int> entries;
};

Content& contentOf(N_Vector v) { return *static_cast<Content*>(v->content); }

N_Vector_ID id(N_Vector) { return SUNDIALS_NVEC_CUSTOM; }
double* arrayPointer(N_Vector v) { return contentOf(v).values.get(); }
sunindextype length(N_Vector v) { return contentOf(v).length; }

void destroy(N_Vector v) {
  if (!v) return;
  delete static_cast<Content*>(v->content);
  v->content = nullptr;
  N_VFreeEmpty(v);
}

/// z = Σ c[k]·X[k] at the sampled entries; X[k] are IDA's own (serial) vectors.
int linearCombination(int count, sunrealtype* c, N_Vector* X, N_Vector z) {
  Content& content = contentOf(z);
  constexpr int kMax = 16;  // IDA combines at most q + 1 = 6 vectors
  if (count < 1 || count > kMax) return -1;
  const double* x[kMax];
  for (int k = 0; k < count; ++k) x[k] = N_VGetArrayPointer(X[k]);
  for (int i : content.entries) {
    double sum = c[0] * x[0][i];
    for (int k = 1; k < count; ++k) sum += c[k] * x[k][i];
    content.values[i] = sum;
  }
  return 0;
}

}  // namespace

N_Vector makeSampledVector(int n, std::vector<int> entries, SUNContext context) {
  auto content = std::make_unique<Content>(
      Content{{static_cast<double*>(std::calloc(n, sizeof(double))), &std::free}, n, std::move(entries)});
  if (!content->values) throw std::bad_alloc();
  N_Vector v = N_VNewEmpty(context);
  if (!v) throw std::bad_alloc();
  v->content = content.release();
  v->ops->nvgetvectorid = id;
  v->ops->nvgetarraypointer = arrayPointer;
  v->ops->nvgetlength = length;
  v->ops->nvdestroy = destroy;
  v->ops->nvlinearcombination = linearCombination;
  return v;
}

}  // namespace kelvin::core
