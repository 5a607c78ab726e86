// SweepRunner and run-time parameters: the RC low-pass compiled once with R and C as
// run-time values gives v(t) = 1 − exp(−t/RC) for any values set per run; a start value
// is structural (its runs compile again) and still right; the results do not depend on
// the number of threads; bad specs are refused before any run, naming what is wrong.

#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <set>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/diagnostic.h"
#include "model/model_file.h"
#include "run/compiled_model.h"
#include "run/simulator.h"
#include "sweep/sweep_runner.h"

using namespace kelvin;

namespace {

core::Model rcModel() { return core::loadModel(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin"); }

/// Tight tolerances, so that the solver's error (about rtol relative) is far below the
/// 1e-7 the checks allow.
core::SimulationOptions tight(const core::Model& model) {
  core::SimulationOptions o = core::SimulationOptions::fromSettings(model.settings);
  o.rtol = 1e-10;
  o.atol = 1e-12;
  return o;
}

const core::BlockRegistry& registry() {
  static const core::BlockRegistry r = [] {
    core::BlockRegistry reg;
    blocks::registerAll(reg);
    return reg;
  }();
  return r;
}

std::string refusal(core::SweepSpec spec, std::vector<std::string> measures = {}) {
  std::vector<core::Measure> m;
  for (const auto& text : measures) m.push_back(core::Measure::parse(text));
  try {
    const core::Model model = rcModel();
    core::SweepRunner(model, registry(), "rc.kelvin", std::move(spec), m, tight(model));
  } catch (const core::ModelError& e) {
    return e.diagnostics().front().toString();
  }
  return "accepted";
}

}  // namespace

class TestSweepRunner : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void runTimeParametersChangeWithoutCompiling() {
    const core::Model model = rcModel();
    const auto compiled = core::compileModel(model, registry(), "rc", {"R1.R", "C1.C"});
    QCOMPARE(compiled->parameters().size(), std::size_t(2));
    QVERIFY(compiled->structuralParameters().empty());
    const auto& names = compiled->signalNames();
    const int v = static_cast<int>(std::find(names.begin(), names.end(), "C1.v") - names.begin());
    for (auto [r, c] : {std::pair{2.2e3, 0.47e-6}, std::pair{680.0, 1.5e-6}}) {
      core::SimulationOptions o = tight(model);
      o.outputs = {v};
      o.parameters.resize(2);
      for (std::size_t k = 0; k < 2; ++k) o.parameters[k] = compiled->parameters()[k].name == "R1.R" ? r : c;
      double worst = 0.0;
      const double tau = r * c;  // a plain local: clang 14 cannot capture structured bindings
      core::simulate(*compiled, o, [&](double t, const std::vector<double>& y) {
        worst = std::max(worst, std::abs(y[0] - (1.0 - std::exp(-t / tau))));
      });
      QVERIFY2(worst < 1e-7, qPrintable(QString::number(worst)));
    }
  }

  void startValueIsStructural() {
    const core::Model model = rcModel();
    const auto compiled = core::compileModel(model, registry(), "rc", {"C1.v0", "R1.R"});
    QCOMPARE(compiled->structuralParameters(), std::vector<std::string>{"C1.v0"});
  }

  void runnerMatchesTheClosedFormForAnyThreads() {
    core::SweepSpec spec;
    spec.grid = {core::SweepSpec::parseGrid("R1.R=330,1.8k,5.6k"), core::SweepSpec::parseGrid("C1.v0=0.25,-0.5")};
    const core::Model model = rcModel();
    const core::SweepRunner runner(model, registry(), "rc", spec, {core::Measure::parse("v=at(C1.v, 1m)")},
                                   tight(model));
    QCOMPARE(runner.structuralParameters(), std::vector<std::string>{"C1.v0"});
    std::vector<core::SweepRunResult> one(6), three(6);
    runner.runAll({0, 1, 2, 3, 4, 5}, 1, [&](core::SweepRunResult&& r) { one[r.run] = std::move(r); });
    runner.runAll({5, 4, 3, 2, 1, 0}, 3, [&](core::SweepRunResult&& r) { three[r.run] = std::move(r); });
    for (int k = 0; k < 6; ++k) {
      QVERIFY2(one[k].error.empty(), one[k].error.c_str());
      const double r = one[k].parameters[0], v0 = one[k].parameters[1];
      // v = 1 + (v0 − 1)·exp(−t/RC), C = 1 µF
      const double expected = 1.0 + (v0 - 1.0) * std::exp(-1e-3 / (r * 1e-6));
      QVERIFY2(std::abs(one[k].measures[0] - expected) < 1e-7, qPrintable(QString::number(one[k].measures[0] - expected)));
      QCOMPARE(three[k].measures, one[k].measures);  // bit for bit: a run does not depend on its thread
    }
  }

  void badSpecsAreRefusedNamingThem() {
    core::SweepSpec unknownBlock;
    unknownBlock.grid = {core::SweepSpec::parseGrid("R9.R=1k")};
    QVERIFY(QString::fromStdString(refusal(unknownBlock)).contains("no block 'R9'"));
    core::SweepSpec unknownParam;
    unknownParam.grid = {core::SweepSpec::parseGrid("R1.Q=1k")};
    QVERIFY(QString::fromStdString(refusal(unknownParam)).contains("has no parameter 'Q'"));
    core::SweepSpec negative;
    negative.varied = {core::SweepSpec::parseVaried("C1.C=normal(1u,30%)")};
    negative.monteCarlo = 10;
    const QString why = QString::fromStdString(refusal(negative));
    // 1 µF − 5·0.3 µF = −0.5 µF, with the rounding of the products
    QVERIFY2(why.contains("C1.C") && why.contains("reaches -5.0000"), qPrintable(why));
    core::SweepSpec grid;
    grid.grid = {core::SweepSpec::parseGrid("R1.R=1k")};
    QVERIFY(QString::fromStdString(refusal(grid, {"v=final(C9.v)"})).contains("unknown signal 'C9.v'"));
  }
};

QTEST_APPLESS_MAIN(TestSweepRunner)
#include "tst_sweep_runner.moc"
