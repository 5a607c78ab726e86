#include "solve/sparse_lu_linear_solver.h"

#include <memory>

#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "solve/sparse_lu.h"

namespace kelvin::core {

namespace {

SparseLu& luOf(SUNLinearSolver s) { return *static_cast<SparseLu*>(s->content); }

SUNLinearSolver_Type type(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID id(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }
int initialize(SUNLinearSolver) { return SUNLS_SUCCESS; }

int setup(SUNLinearSolver s, SUNMatrix a) {
  return luOf(s).factorize(SUNSparseMatrix_Data(a)) ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_REC;
}

int solve(SUNLinearSolver s, SUNMatrix, N_Vector x, N_Vector b, sunrealtype) {
  N_VScale(1.0, b, x);
  luOf(s).solve(N_VGetArrayPointer(x));
  return SUNLS_SUCCESS;
}

int release(SUNLinearSolver s) {
  delete static_cast<SparseLu*>(s->content);
  s->content = nullptr;
  SUNLinSolFreeEmpty(s);
  return SUNLS_SUCCESS;
}

}  // namespace

SUNLinearSolver makeSparseLuLinearSolver(int n, const std::vector<int>& columnStart, const std::vector<int>& rowIndex,
                                         SUNContext context, const SparseLu* analysed) {
  auto lu = analysed ? std::make_unique<SparseLu>(*analysed, SparseLu::ShareAnalysis{})
                     : std::make_unique<SparseLu>(n, columnStart, rowIndex);
  SUNLinearSolver s = SUNLinSolNewEmpty(context);
  if (!s) return nullptr;
  s->ops->gettype = type;
  s->ops->getid = id;
  s->ops->initialize = initialize;
  s->ops->setup = setup;
  s->ops->solve = solve;
  s->ops->free = release;
  s->content = lu.release();
  return s;
}

}  // namespace kelvin::core
