// CPU seconds of each phase of compiling a model (bench/README.md, "Compile phases"): elaborate
// (flattening, aliases not yet folded), aliases, structural check, explicit unknowns, and the
// compile of the tapes and the Jacobian pattern; the expression nodes after each, the bytes of
// the expression pool per equation, and the peak resident memory. CPU time, not wall time, so
// that a loaded machine still gives comparable figures; each phase runs once per repeat and the
// fastest repeat is kept.
//
// Usage: compile_phases MODEL.json [repeat]   (e.g. a ladder from bench/make_rc_ladder.py)

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_clock.h"
#include "elaborate/alias_eliminator.h"
#include "elaborate/block_registry.h"
#include "elaborate/elaborator.h"
#include "elaborate/variable_eliminator.h"
#include "events/constraint_index_reduction.h"
#include "library.h"
#include "model/model_file.h"
#include "run/compiled_model.h"
#include "structure/structural_check.h"

using namespace kelvin;
using bench::cpuSeconds;
using bench::peakMegabytes;

namespace {

struct Phase {
  const char* name;
  double cpu = 1e300;
  std::size_t nodes = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: compile_phases MODEL.json [repeat]\n");
    return 2;
  }
  const std::string file = argv[1];
  const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  core::BlockRegistry registry;
  blocks::registerAll(registry);
  const core::Model model = core::loadModel(file);

  std::vector<Phase> phases{{"elaborate"}, {"aliases"}, {"structural check"}, {"explicit unknowns"}, {"compile"}};
  std::size_t equations = 0, unknowns = 0;
  double bytesPerEquation = 0.0;
  for (int r = 0; r < repeat; ++r) {
    std::size_t p = 0;
    double start = cpuSeconds();
    auto lap = [&](const core::FlatSystem& flat) {
      const double now = cpuSeconds();
      phases[p].cpu = std::min(phases[p].cpu, now - start);
      phases[p].nodes = flat.pool->size();
      ++p;
      start = cpuSeconds();
    };
    core::FlatSystem flat = core::Elaborator(registry, file).elaborate(model, false);
    lap(flat);
    core::AliasEliminator().run(flat);
    lap(flat);
    core::Incidence incidence = core::Incidence::of(flat);
    if (!core::structuralProblems(flat, file, incidence).empty()) {
      std::fprintf(stderr, "%s: structurally singular\n", file.c_str());
      return 3;
    }
    lap(flat);
    core::VariableEliminator().run(flat, std::move(incidence));
    core::declareRigidConstraints(flat);
    core::differentiateStateConstraints(flat);
    lap(flat);
    equations = flat.equations.size();
    unknowns = flat.unknowns.size();
    // The pool's nodes, hash table and leaf indices, as compileModel logs it.
    bytesPerEquation =
        static_cast<double>(flat.pool->bytes()) / static_cast<double>(std::max<std::size_t>(equations, 1));
    const core::CompiledModel compiled(std::move(flat), file);
    phases[p].cpu = std::min(phases[p].cpu, cpuSeconds() - start);
    phases[p].nodes = compiled.flat().pool->size();
  }
  double total = 0.0;
  std::printf("%s: %zu unknowns, %zu equations after compiling; fastest of %d\n", file.c_str(), unknowns, equations,
              repeat);
  std::printf("| phase | cpu s | expression nodes after |\n|---|---:|---:|\n");
  for (const Phase& p : phases) {
    std::printf("| %s | %.4f | %zu |\n", p.name, p.cpu, p.nodes);
    total += p.cpu;
  }
  std::printf("| total | %.4f | |\n", total);
  std::printf("expression pool: %.0f bytes per equation; peak resident memory %.0f MB\n", bytesPerEquation,
              peakMegabytes());
  return 0;
}
