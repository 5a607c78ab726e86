// What a compilation builds besides the equations (CompileProducts): the noise sources and
// the stored energies are built when wanted, as the components declare them, and a plain
// run (CompileProducts::run) builds neither, so its equations carry no noise input. The run
// it compiles reads the same values: an RC charging curve against its closed form, and
// against the same model compiled with everything.

#define QT_NO_KEYWORDS  // FlatSystem has a member named `signals`
#include <QtTest>

#include <cmath>

#include "elaborate/elaborator.h"
#include "model/model_file.h"
#include "run/compiled_model.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

constexpr double kBoltzmann = 1.380649e-23;
constexpr double kR = 1e3, kC = 1e-6, kV = 2.0, kTemperature = 300.15;

/// V1 charges C1 through R1 (RC = 1 ms); L1 hangs on the source through R2, with a white
/// noise source W1 of its own (a signal block).
const char* const kModel = R"({
  "format": "kelvin-model", "version": 1, "name": "rc",
  "settings": {"stop_time": "5m", "solver": "ida", "rtol": 1e-9, "atol": 1e-12, "step": "0.25m"},
  "blocks": [
    {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "2"}},
    {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}},
    {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u"}},
    {"id": "R2", "type": "electrical.Resistor", "params": {"R": "10"}},
    {"id": "L1", "type": "electrical.Inductor", "params": {"L": "1m"}},
    {"id": "W1", "type": "signal.WhiteNoise", "params": {"psd": "3"}},
    {"id": "G", "type": "electrical.Ground"}
  ],
  "connections": [
    {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"}, {"from": "C1.n", "to": "G.p"},
    {"from": "V1.n", "to": "G.p"}, {"from": "V1.p", "to": "R2.p"}, {"from": "R2.n", "to": "L1.p"},
    {"from": "L1.n", "to": "G.p"}
  ]
})";

/// The flat system of kModel; with `eliminateAliases` false, as the components and the nets make it.
core::FlatSystem elaborate(const core::CompileProducts& products, bool eliminateAliases = true) {
  return core::Elaborator(test::library(), "rc", {}, products)
      .elaborate(core::parseModel(kModel, "rc"), eliminateAliases);
}

bool anyEquationReadsADiscrete(const core::FlatSystem& flat) {
  for (const core::FlatEquation& e : flat.equations)
    if (e.residual.node().hasDiscrete) return true;
  return false;
}

}  // namespace

class TestCompileProducts : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void everythingByDefault();
  void aPlainRunBuildsNoNoise();
  void energiesFollowTheProjection();
  void aPlainRunReadsTheSameValues();
};

void TestCompileProducts::everythingByDefault() {
  const core::FlatSystem flat = elaborate({});
  // R1, R2 (thermal) and W1 (white), with the PSDs the components declare: 4kT/R and psd.
  QCOMPARE(flat.noiseSources.size(), std::size_t{3});
  QCOMPARE(flat.noiseSources[0].name, std::string("R1.thermal"));
  QVERIFY(flat.noiseSources[0].psd.isConstant());
  // 4kT/R is computed once in double precision either way: equal to rounding.
  QVERIFY(std::abs(flat.noiseSources[0].psd.constantValue() - 4.0 * kBoltzmann * kTemperature / kR) <=
          1e-15 * 4.0 * kBoltzmann * kTemperature / kR);
  QCOMPARE(flat.noiseSources[2].name, std::string("W1.white"));
  QCOMPARE(flat.noiseSources[2].psd.constantValue(), 3.0);
  QCOMPARE(flat.energies.size(), std::size_t{2});  // C1 and L1
  QVERIFY(anyEquationReadsADiscrete(flat));        // the noise inputs
}

void TestCompileProducts::aPlainRunBuildsNoNoise() {
  const core::FlatSystem all = elaborate({});
  const core::FlatSystem plain = elaborate(core::CompileProducts::run(false));
  QVERIFY(plain.noiseSources.empty());
  QVERIFY(plain.energies.empty());
  QVERIFY(plain.discretes.empty());  // the model has no discrete value but the noise inputs
  QVERIFY(!anyEquationReadsADiscrete(plain));
  // The components and the nets make the same unknowns and equations, with fewer expression nodes
  // (the alias elimination then folds more of the plain system: W1.y is the constant 0 there).
  const core::FlatSystem allMade = elaborate({}, false);
  const core::FlatSystem plainMade = elaborate(core::CompileProducts::run(false), false);
  QCOMPARE(plainMade.unknowns.size(), allMade.unknowns.size());
  QCOMPARE(plainMade.equations.size(), allMade.equations.size());
  QVERIFY(plainMade.pool->size() < allMade.pool->size());
}

void TestCompileProducts::energiesFollowTheProjection() {
  const core::FlatSystem projected = elaborate(core::CompileProducts::run(true));
  QVERIFY(projected.noiseSources.empty());
  QCOMPARE(projected.energies.size(), std::size_t{2});
}

void TestCompileProducts::aPlainRunReadsTheSameValues() {
  const core::Model model = core::parseModel(kModel, "rc");
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
  auto run = [&](const core::CompileProducts& products) {
    const auto compiled = core::compileModel(model, test::library(), "rc", {}, products);
    const int column = static_cast<int>(std::find(compiled->signalNames().begin(), compiled->signalNames().end(),
                                                  "C1.v") -
                                        compiled->signalNames().begin());
    std::vector<std::pair<double, double>> samples;
    core::simulate(*compiled, options,
                   [&](double t, const std::vector<double>& values) { samples.emplace_back(t, values[column]); });
    return samples;
  };
  const auto all = run({});
  const auto plain = run(core::CompileProducts::run(true));
  QCOMPARE(plain.size(), all.size());
  QVERIFY(plain.size() > 10);
  for (std::size_t k = 0; k < plain.size(); ++k) {
    const auto [t, v] = plain[k];
    QCOMPARE(t, all[k].first);
    // The two systems differ by noise inputs that are exactly 0 in a run: the same values to
    // rounding (the solver's arithmetic may be ordered differently, 1e-12 of the 2 V swing).
    QVERIFY2(std::abs(v - all[k].second) <= 1e-12 * kV, qPrintable(QString("t = %1").arg(t)));
    // And the closed form v = V (1 − e^{−t/RC}), to the run's tolerances (rtol 1e-9, atol
    // 1e-12 on about 2 V: a few 1e-9 V accumulated over five time constants; 1e-7 V is ample).
    QVERIFY2(std::abs(v - kV * (1.0 - std::exp(-t / (kR * kC)))) <= 1e-7, qPrintable(QString("t = %1").arg(t)));
  }
}

QTEST_APPLESS_MAIN(TestCompileProducts)
#include "tst_compile_products.moc"
