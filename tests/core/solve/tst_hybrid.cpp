// Hybrid simulation: sampled (1/z, S&H), delayed (1/e) and algebraic (=0)
// blocks, zero-crossing events and the fixed-step solvers, each checked
// against a closed form.

#include <QtTest>
#include <cmath>
#include <numbers>

#include "model/diagnostic.h"
#include "support/simulation_trace.h"

using namespace kelvin;
using test::simulateText;
using test::Trace;

namespace {

/// y[n+1] = 0.5·y[n] + u[n], u a unit step: a Sum of the step and 0.5·y into a 1/z.
std::string sampledLoop(const std::string& stop) {
  return R"({"format":"kelvin-model","version":1,"name":"loop",
    "settings":{"stop_time":")" + stop + R"(","solver":"ida","rtol":1e-8,"atol":1e-12,"step":"1m"},
    "blocks":[{"id":"U","type":"signal.Step","params":{"height":"1","time":"0"}},
      {"id":"S","type":"signal.Sum","params":{"signs":"++"}},
      {"id":"D","type":"signal.UnitDelay","params":{"sample_time":"1m","y0":"0"}},
      {"id":"K","type":"signal.Gain","params":{"k":"0.5"}}],
    "connections":[{"from":"U.y","to":"S.u1"},{"from":"K.y","to":"S.u2"},{"from":"S.y","to":"D.u"},
      {"from":"D.y","to":"K.u"}]})";
}

/// y' = k·(1 − y(t − τ)), y = 0 before the start: an integrator in a loop through a 1 ms delay.
std::string delayLoop(const std::string& solver, const std::string& step) {
  return R"({"format":"kelvin-model","version":1,"name":"delay",
    "settings":{"stop_time":"3m","solver":")" + solver + R"(","rtol":1e-10,"atol":1e-12,"step":")" + step + R"("},
    "blocks":[{"id":"U","type":"signal.Step","params":{"height":"1","time":"0"}},
      {"id":"S","type":"signal.Sum","params":{"signs":"+-"}},
      {"id":"G","type":"signal.Gain","params":{"k":"1000"}},
      {"id":"I","type":"signal.Integrator","params":{"y0":"0"}},
      {"id":"D","type":"signal.TransportDelay","params":{"delay":"1m","initial":"0"}}],
    "connections":[{"from":"U.y","to":"S.u1"},{"from":"D.y","to":"S.u2"},{"from":"S.y","to":"G.u"},
      {"from":"G.y","to":"I.u"},{"from":"I.y","to":"D.u"}]})";
}

/// The method-of-steps solution of delayLoop (k = 1000, τ = 1 ms, kτ = 1) on [0, 3τ].
double delayLoopExact(double t) {
  const double k = 1000.0, tau = 1e-3;
  if (t <= tau) return k * t;
  if (t <= 2 * tau) {
    const double u = t - tau;
    return k * tau + k * u - k * k * u * u / 2;
  }
  const double u = t - 2 * tau;  // y' = k(1 − y(t − τ)) with y(t − τ) from the interval before
  return 1.5 - k * k * u * u / 2 + k * k * k * u * u * u / 6;
}

/// A 1 kHz sine opening and closing an ideal switch that charges an RC.
std::string relay(const std::string& solver, const std::string& step) {
  return R"({"format":"kelvin-model","version":1,"name":"relay",
    "settings":{"stop_time":"1","solver":")" + solver + R"(","rtol":1e-8,"atol":1e-12,"step":")" + step + R"("},
    "blocks":[{"id":"W","type":"signal.Sine","params":{"amplitude":"1","frequency":"1k"}},
      {"id":"V","type":"electrical.VoltageSource","params":{"V":"1"}},
      {"id":"S","type":"electrical.Switch","params":{"ideal":"1"}},
      {"id":"R","type":"electrical.Resistor","params":{"R":"1k"}},
      {"id":"C","type":"electrical.Capacitor","params":{"C":"100n"}},
      {"id":"G","type":"electrical.Ground"}],
    "connections":[{"from":"W.y","to":"S.u"},{"from":"V.p","to":"S.p"},{"from":"S.n","to":"R.p"},
      {"from":"R.n","to":"C.p"},{"from":"C.n","to":"G.p"},{"from":"V.n","to":"G.p"}]})";
}

/// A series RLC (1 Ω, 1 mH, 1 mF: ω0 = 1 krad/s, ζ = 0.5... ) charged from 1 V.
std::string rlc(const std::string& solver, const std::string& step) {
  return R"({"format":"kelvin-model","version":1,"name":"rlc",
    "settings":{"stop_time":"10m","solver":")" + solver + R"(","rtol":1e-10,"atol":1e-12,"step":")" + step + R"("},
    "blocks":[{"id":"V","type":"electrical.VoltageSource","params":{"V":"1"}},
      {"id":"R","type":"electrical.Resistor","params":{"R":"1"}},
      {"id":"L","type":"electrical.Inductor","params":{"L":"1m"}},
      {"id":"C","type":"electrical.Capacitor","params":{"C":"1m"}},
      {"id":"G","type":"electrical.Ground"}],
    "connections":[{"from":"V.p","to":"R.p"},{"from":"R.n","to":"L.p"},{"from":"L.n","to":"C.p"},
      {"from":"C.n","to":"G.p"},{"from":"V.n","to":"G.p"}]})";
}

/// Capacitor voltage of rlc(): R = 1, L = C = 1e-3, so ω0 = 1000 rad/s and ζ = R/2·√(C/L) = 0.5.
double rlcExact(double t) {
  const double w0 = 1000.0, zeta = 0.5, wd = w0 * std::sqrt(1 - zeta * zeta);
  return 1.0 - std::exp(-zeta * w0 * t) * (std::cos(wd * t) + zeta * w0 / wd * std::sin(wd * t));
}

/// Speed of resources/examples/dc_motor.kelvin: a 10 V step at 0.1 s into R = 100 Ω, L = 0.2 H, k = 1,
/// J = 0.01: ω/u = k/(LJ·s² + RJ·s + k²), poles of s² + 500·s + 500.
double dcMotorSpeed(double t) {
  if (t < 0.1) return 0.0;
  const double tau = t - 0.1, root = std::sqrt(500.0 * 500.0 - 4 * 500.0);
  const double p1 = (-500.0 + root) / 2, p2 = (-500.0 - root) / 2;
  return 10.0 * (1.0 + (p2 * std::exp(p1 * tau) - p1 * std::exp(p2 * tau)) / (p1 - p2));
}

double worstError(const Trace& trace, const std::string& signal, double (*exact)(double)) {
  double worst = 0.0;
  for (std::size_t k = 0; k < trace.time.size(); ++k)
    worst = std::max(worst, std::abs(trace[signal][k] - exact(trace.time[k])));
  return worst;
}

}  // namespace

class TestHybrid : public QObject {
  Q_OBJECT

 private slots:
  void sampledLoopIsExact_data() {
    QTest::addColumn<QString>("solver");
    QTest::newRow("ida") << "ida";
    QTest::newRow("euler") << "euler";
  }
  void sampledLoopIsExact() {
    QFETCH(QString, solver);
    core::SimulationOptions options;
    options.stopTime = 10.0;  // 10,000 samples of T = 1 ms
    options.solver = solver.toStdString();
    options.step = 1e-3;
    const Trace trace = simulateText(sampledLoop("10"), &options);
    // y[n] = 2(1 − 0.5ⁿ) is a dyadic fraction: the recursion is exact in floating point, and so
    // must the run be (1e-12 leaves room only for the last bit of the sum).
    double worst = 0.0;
    for (int n = 0; n <= 10000; ++n) {
      const double exact = 2.0 * (1.0 - std::pow(0.5, n));
      worst = std::max(worst, std::abs(trace.at("D.y", n * 1e-3) - exact));
    }
    QVERIFY2(worst <= 1e-12, qPrintable(QString("worst error %1").arg(worst)));
    // No drift of the sample instants after 10^4 samples: the last tick is at 10 s to the last bit.
    QCOMPARE(trace.time.back(), 10.0);
  }

  void sampleAndHoldOfASineIsTheSineAtTheSampleInstants() {
    const Trace trace = simulateText(R"({"format":"kelvin-model","version":1,"name":"sh",
      "settings":{"stop_time":"40m","solver":"ida","rtol":1e-8,"atol":1e-12,"step":"0.25m"},
      "blocks":[{"id":"W","type":"signal.Sine","params":{"amplitude":"1","frequency":"50"}},
        {"id":"H","type":"signal.ZeroOrderHold","params":{"sample_time":"1m"}}],
      "connections":[{"from":"W.y","to":"H.u"}]})");
    for (std::size_t k = 0; k < trace.time.size(); ++k) {
      const double t = trace.time[k];
      const double sampled = std::floor(t / 1e-3 + 1e-9) * 1e-3;  // the last sample instant
      // The held value is sin() of the sample instant, computed by the same libm: equal to rounding.
      QVERIFY2(std::abs(trace["H.y"][k] - std::sin(2 * std::numbers::pi * 50 * sampled)) <= 1e-12,
               qPrintable(QString("t = %1").arg(t)));
    }
  }

  void transportDelayMatchesTheMethodOfSteps() {
    const Trace trace = simulateText(delayLoop("ida", "0.05m"));
    // At rtol 1e-10 the integration error is ~1e-9; the cubic history interpolation adds
    // less than that. 1e-6 is the issue's bound.
    const double worst = worstError(trace, "I.y", delayLoopExact);
    QVERIFY2(worst <= 1e-6, qPrintable(QString("worst error %1").arg(worst)));
  }

  void delayShorterThanTheStepIsHandled() {
    // A 2.5 ms trapezoidal step across a 1 ms delay: the solver splits each step into three.
    // The trapezoidal rule's error at h = 0.83 ms on this loop (|y'''|·h²/12·T ≈ 0.1) bounds it.
    const Trace trace = simulateText(delayLoop("trapezoid", "2.5m"));
    QCOMPARE(trace.time.size(), std::size_t(3));  // 0, the step at 2.5 ms and the stop at 3 ms
    QVERIFY(std::abs(trace.at("I.y", 3e-3) - delayLoopExact(3e-3)) < 0.1);
  }

  void eventsAreLocatedToWithinANanosecond() {
    const Trace trace = simulateText(relay("ida", ""));
    // sin(2π·1000·t) = 0.5 at t = (k + 1/12) ms (rising: closes) and (k + 5/12) ms (falling: opens).
    std::vector<double> exact;
    for (int k = 0; k < 1000; ++k) {
      exact.push_back((k + 1.0 / 12.0) * 1e-3);
      exact.push_back((k + 5.0 / 12.0) * 1e-3);
    }
    std::vector<double> found;
    for (const core::EventRecord& e : trace.events)
      if (e.block == "S") found.push_back(e.time);
    QCOMPARE(found.size(), exact.size());
    double worst = 0.0;
    for (std::size_t k = 0; k < exact.size(); ++k) worst = std::max(worst, std::abs(found[k] - exact[k]));
    QVERIFY2(worst <= 1e-9, qPrintable(QString("worst event time error %1 s").arg(worst)));
  }

  void fixedStepSolversConvergeAtTheirOrder_data() {
    QTest::addColumn<QString>("solver");
    QTest::addColumn<double>("order");
    QTest::newRow("euler") << "euler" << 1.0;
    QTest::newRow("trapezoid") << "trapezoid" << 2.0;
    QTest::newRow("bdf2") << "bdf2" << 2.0;
  }
  void fixedStepSolversConvergeAtTheirOrder() {
    QFETCH(QString, solver);
    QFETCH(double, order);
    const double coarse = worstError(simulateText(rlc(solver.toStdString(), "20u")), "C.v", rlcExact);
    const double fine = worstError(simulateText(rlc(solver.toStdString(), "10u")), "C.v", rlcExact);
    const double ratio = coarse / fine;
    qInfo("%s: error %.3g at h = 20 µs, %.3g at h = 10 µs, ratio %.3f", qPrintable(solver), coarse, fine, ratio);
    // Halving h divides the error by 2^order; ±15 % leaves room for the higher-order terms at ωh = 0.02.
    QVERIFY(std::abs(ratio / std::pow(2.0, order) - 1.0) < 0.15);
  }

  void dcMotorTrapezoidalErrorIsSecondOrder() {
    const core::Model motor = core::loadModel(KELVIN_EXAMPLES_DIR "/dc_motor.kelvin");
    core::SimulationOptions options = core::SimulationOptions::fromSettings(motor.settings);
    options.solver = "trapezoid";
    options.stopTime = 1.0;
    options.step = 1e-4;  // the step at 0.1 s falls on the grid of both step sizes
    const double coarse = worstError(test::simulateModel(motor, &options), "Speed.y", dcMotorSpeed);
    options.step = 5e-5;
    const double fine = worstError(test::simulateModel(motor, &options), "Speed.y", dcMotorSpeed);
    qInfo("DC motor, trapezoidal: error %.3g at h = 1e-4, %.3g at h = 5e-5, ratio %.3f", coarse, fine, coarse / fine);
    // O(h²): halving h divides the error by 4 (±10 %: the fast pole is at |λh| = 0.05).
    QVERIFY(std::abs(coarse / fine / 4.0 - 1.0) < 0.1);
  }

  void idaMatchesTheClosedForm() {
    const double worst = worstError(simulateText(rlc("ida", "0.1m")), "C.v", rlcExact);
    // rtol 1e-10 on a unit-size response: a global error of 1e-7 is generous.
    QVERIFY2(worst <= 1e-7, qPrintable(QString("worst error %1").arg(worst)));
  }

  void algebraicPairSolvesItsConstraint() {
    // Unknown z drives the Constraint z³ + z − 2 = 0, whose one real root is 1.
    const Trace trace = simulateText(R"({"format":"kelvin-model","version":1,"name":"pair",
      "settings":{"stop_time":"1m","solver":"ida","rtol":1e-8,"atol":1e-12},
      "blocks":[{"id":"Z","type":"signal.Unknown"},
        {"id":"F","type":"signal.Expression","params":{"inputs":"1","expr":"u1^3 + u1 - 2"}},
        {"id":"C","type":"signal.Constraint"}],
      "connections":[{"from":"Z.y","to":"F.u1"},{"from":"F.y","to":"C.u"}]})");
    for (double z : trace["Z.y"]) QVERIFY(std::abs(z - 1.0) < 1e-10);  // Newton converges to rounding
  }

  void newtonFailureNamesTheBlockAndSuggestsASmallerStep() {
    // A diode rectifier taken in 5 ms implicit Euler steps: Newton cannot follow the exponential.
    const std::string model = R"({"format":"kelvin-model","version":1,"name":"rect",
      "settings":{"stop_time":"20m","solver":"euler","rtol":1e-6,"atol":1e-9,"step":"5m"},
      "blocks":[{"id":"Vs","type":"electrical.SineVoltage","params":{"amplitude":"1k","frequency":"50"}},
        {"id":"D1","type":"electrical.Diode","params":{"Is":"1e-14"}},
        {"id":"C1","type":"electrical.Capacitor","params":{"C":"100u"}},
        {"id":"G","type":"electrical.Ground"}],
      "connections":[{"from":"Vs.p","to":"D1.p"},{"from":"D1.n","to":"C1.p"},{"from":"C1.n","to":"G.p"},
        {"from":"Vs.n","to":"G.p"}]})";
    try {
      simulateText(model);
      QFAIL("expected a Newton failure");
    } catch (const core::ModelError& e) {
      const QString message = QString::fromStdString(e.what());
      QVERIFY2(message.contains("Newton") && message.contains("smaller step"), qPrintable(message));
      QVERIFY2(message.contains("t = "), qPrintable(message));
    }
  }
};

QTEST_APPLESS_MAIN(TestHybrid)
#include "tst_hybrid.moc"
