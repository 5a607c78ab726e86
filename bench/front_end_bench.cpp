// The front end of compilation, phase by phase (bench/README.md, "Front end"): for a
// model file, the CPU seconds of
//   read       the file's bytes (core::readInputFile);
//   parse      the JSON into a core::Model (core::parseModel);
//   validate   core::validateModel;
//   elaborate  core::Elaborator::elaborate without alias elimination (the flat system as
//              the components and the nets make it: the phase before "eliminating aliases"
//              in kelvin-cli's debug log), building what `kelvin-cli simulate` asks for
//              (CompileProducts::run: no noise sources);
//   aliases    the alias elimination after it (core::AliasEliminator), for reference.
// Each phase is run `repeat` times and the median is printed, with the peak resident
// memory of the process at the end. CPU time (not wall time) so that figures taken on a
// shared machine compare.
//
// Usage: front_end_bench MODEL.kelvin [repeat]   (repeat defaults to 3)

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "bench_clock.h"
#include "elaborate/alias_eliminator.h"
#include "elaborate/block_registry.h"
#include "elaborate/elaborator.h"
#include "library.h"
#include "model/input_file.h"
#include "model/model_file.h"
#include "model/model_validator.h"

using namespace kelvin;
using bench::cpuSeconds;
using bench::median;
using bench::peakMegabytes;
using bench::wallSeconds;

namespace {

/// Median CPU seconds of `repeat` calls of `phase`.
double medianTime(int repeat, const std::function<void()>& phase) {
  std::vector<double> times;
  for (int r = 0; r < repeat; ++r) {
    const double start = cpuSeconds();
    phase();
    times.push_back(cpuSeconds() - start);
  }
  return median(times);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: front_end_bench MODEL.kelvin [repeat]\n");
    return 2;
  }
  const std::string path = argv[1];
  const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  core::BlockRegistry registry;
  blocks::registerAll(registry);

  core::InputFileText file;
  const double read = medianTime(repeat, [&] { file = core::readInputFile(path); });
  if (!file.text) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), file.error.c_str());
    return 2;
  }
  core::Model model;
  const double parse = medianTime(repeat, [&] { model = core::parseModel(*file.text, path); });
  std::size_t problems = 0;
  const double validate = medianTime(repeat, [&] { problems = core::validateModel(model, registry, path).size(); });
  std::size_t equations = 0;
  const core::CompileProducts products = core::CompileProducts::run(true);
  // Each flat system is destroyed outside the clock. The first elaboration is also reported
  // alone: like kelvin-cli's, it runs on memory the process has never touched (page faults
  // included), where the later ones reuse what the allocator got back.
  std::vector<double> elaborateTimes, elaborateWalls;
  for (int r = 0; r < repeat; ++r) {
    const double start = cpuSeconds(), wallStart = wallSeconds();
    core::FlatSystem flat = core::Elaborator(registry, path, {}, products).elaborate(model, false);
    elaborateTimes.push_back(cpuSeconds() - start);
    elaborateWalls.push_back(wallSeconds() - wallStart);
    equations = flat.equations.size();
  }
  const double elaborate = median(elaborateTimes);
  // The alias elimination alone: elaborate again outside the clock, then time the elimination.
  std::vector<double> aliasTimes;
  for (int r = 0; r < repeat; ++r) {
    core::FlatSystem flat = core::Elaborator(registry, path, {}, products).elaborate(model, false);
    const double start = cpuSeconds();
    core::AliasEliminator().run(flat);
    aliasTimes.push_back(cpuSeconds() - start);
  }

  std::printf("%s: %zu bytes, %zu diagnostics, %zu equations before alias elimination\n", path.c_str(),
              file.text->size(), problems, equations);
  std::printf(
      "CPU s (median of %d): read %.3f  parse %.3f  validate %.3f  elaborate %.3f  | load+elaborate %.3f"
      "  | aliases %.3f   peak RSS %.0f MB\n",
      repeat, read, parse, validate, elaborate, read + parse + validate + elaborate, median(aliasTimes),
      peakMegabytes());
  std::printf("first elaboration: %.3f s CPU, %.3f s wall\n", elaborateTimes.front(), elaborateWalls.front());
  return 0;
}
