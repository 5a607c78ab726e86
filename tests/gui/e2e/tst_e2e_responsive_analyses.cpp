// The GUI stays responsive while analyses compute (issue 14, item 5), and a run whose noise
// envelope cannot be computed runs without the band, saying so (issue 16 follow-up): the real
// MainWindow at 1600×1000 with fresh settings, models opened through File ▸ Open, F5, the
// Simulation menu chosen with the mouse, Escape and typing in the windows' fields. A 5 ms probe
// timer on the GUI thread measures how late the event loop serves it meanwhile.

#include <algorithm>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>

#include "analysis/frequency_window.h"
#include "e2e_fixture.h"
#include "gui/e2e/analysis_e2e_support.h"
#include "log/log_view.h"

using kelvin::e2e::App;

namespace {

/// How late (ms) the GUI thread serves a 5 ms timer, at worst, from start() on.
class LatenessProbe {
 public:
  LatenessProbe() {
    timer_.setInterval(kIntervalMs);
    timer_.setTimerType(Qt::PreciseTimer);
    QObject::connect(&timer_, &QTimer::timeout, [this] { worst_ = std::max(worst_, clock_.restart() - kIntervalMs); });
  }
  void start() {
    worst_ = 0;
    clock_.start();
    timer_.start();
  }
  qint64 worstMs() const { return worst_; }

 private:
  static constexpr int kIntervalMs = 5;
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 worst_ = 0;
};

/// An n-section RC ladder (1 kΩ, 1 nF; a 1 V source; 1 µs), written to `path`: with its nodes'
/// voltages and currents its ABCD matrix has a few rows per section, so a frequency sweep of it
/// is a dense LU of a matrix of some hundreds of rows at each frequency.
bool writeLadder(const QString& path, int n) {
  QJsonArray blocks{QJsonObject{{"id", "V1"},
                                {"type", "electrical.VoltageSource"},
                                {"params", QJsonObject{{"V", "1"}}},
                                {"pos", QJsonArray{-120, 40}}},
                    QJsonObject{{"id", "G"}, {"type", "electrical.Ground"}, {"pos", QJsonArray{-120, 160}}}};
  QJsonArray wires{QJsonObject{{"from", "V1.n"}, {"to", "G.p"}}, QJsonObject{{"from", "V1.p"}, {"to", "R1.p"}}};
  for (int k = 1; k <= n; ++k) {
    const QString r = QStringLiteral("R%1").arg(k), c = QStringLiteral("C%1").arg(k);
    const int x = 120 * ((k - 1) % 20), y = 240 * ((k - 1) / 20);
    blocks.append(QJsonObject{
        {"id", r}, {"type", "electrical.Resistor"}, {"params", QJsonObject{{"R", "1k"}}}, {"pos", QJsonArray{x, y}}});
    blocks.append(QJsonObject{{"id", c},
                              {"type", "electrical.Capacitor"},
                              {"params", QJsonObject{{"C", "1n"}}},
                              {"pos", QJsonArray{x + 60, y + 60}}});
    wires.append(QJsonObject{{"from", r + ".n"}, {"to", c + ".p"}});
    wires.append(QJsonObject{{"from", c + ".n"}, {"to", "G.p"}});
    if (k < n) wires.append(QJsonObject{{"from", r + ".n"}, {"to", QStringLiteral("R%1.p").arg(k + 1)}});
  }
  const QJsonObject model{{"format", "kelvin-model"},
                          {"version", 1},
                          {"name", QStringLiteral("ladder_%1").arg(n)},
                          {"settings", QJsonObject{{"stop_time", "1u"}, {"solver", "ida"}, {"step", "10n"}}},
                          {"blocks", blocks},
                          {"connections", wires}};
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(model).toJson()) > 0;
}

/// Simulation ▸ Frequency Response (Alt+S, F): the window, once shown and active.
kelvin::gui::FrequencyWindow* openFrequencyResponse(kelvin::gui::MainWindow& window) {
  if (!kelvin::test::chooseFromSimulationMenu(window, Qt::Key_F)) return nullptr;
  return kelvin::test::activeAnalysisWindow<kelvin::gui::FrequencyWindow>(window);
}

}  // namespace

class TestE2eResponsiveAnalyses : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
    QVERIFY(dir_.isValid());
    QVERIFY(writeLadder(dir_.filePath(QStringLiteral("ladder.kelvin")), kSections));
  }

  void frequencyResponseClosedWhileComputing() {
    App app(suite_.registry());
    app.openWithDialog(dir_.filePath(QStringLiteral("ladder.kelvin")));
    QTRY_VERIFY_WITH_TIMEOUT(app.window().windowTitle().startsWith(QStringLiteral("ladder")),
                             kelvin::e2e::kRunTimeoutMs);
    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    QTRY_VERIFY(app.window().action(QStringLiteral("frequencyResponse"))->isEnabled());

    // Opened and closed at once, twice: the identification and the sweep stop, nothing arrives late.
    LatenessProbe probe;
    probe.start();
    for (int i = 0; i < 2; ++i) {
      kelvin::gui::FrequencyWindow* frequency = openFrequencyResponse(app.window());
      QVERIFY(frequency);
      kelvin::test::pressEscape(frequency);
      QVERIFY(frequency->isHidden());
      QVERIFY(!frequency->isComputing());
      QTest::qWait(kSettleMs);
      QVERIFY(frequency->transferSweep().samples.empty() && frequency->mikhailovSweep().samples.empty());
    }
    // Before, the late identification was swept on the GUI thread into the closed window (the check
    // above failed; the probe then saw 82 ms for this small ladder, and the sweep's time grows as the
    // cube of the rows). Off it, the probe is served within the scheduling and painting noise of a
    // loaded 2-core CI machine (17–46 ms measured): 250 ms leaves room for that noise only.
    qInfo("worst lateness of the GUI event loop, windows closed while computing: %lld ms", probe.worstMs());
    QVERIFY2(probe.worstMs() < kLatenessBoundMs, qPrintable(QString::number(probe.worstMs())));

    // Opened again and left to finish: the planned sweep arrives (D(ω) at every frequency: the
    // ladder's poles are real and negative, none on the axis).
    kelvin::gui::FrequencyWindow* frequency = openFrequencyResponse(app.window());
    QVERIFY(frequency);
    QTRY_VERIFY_WITH_TIMEOUT(!frequency->mikhailovSweep().samples.empty(), kelvin::e2e::kRunTimeoutMs);
    QCOMPARE(frequency->mikhailovSweep().samples.size(), frequency->frequencies().size());

    // A count typed in: the sweep runs again off the GUI thread (the window says it is computing
    // while the event loop goes on), and a second count typed meanwhile supersedes it.
    auto* points = frequency->findChild<QSpinBox*>(QStringLiteral("frequencyPoints"));
    QVERIFY(points);
    probe.start();
    for (const char* count : {"5000", "40"}) {
      points->setFocus();
      QTest::keyClick(points, Qt::Key_A, Qt::ControlModifier);
      QTest::keyClicks(points, QString::fromLatin1(count));
      QTest::keyClick(points, Qt::Key_Return);
      QVERIFY(frequency->isComputing());
    }
    QTRY_VERIFY_WITH_TIMEOUT(!frequency->isComputing(), kelvin::e2e::kRunTimeoutMs);
    QCOMPARE(frequency->frequencies().size(), std::size_t(40));
    QCOMPARE(frequency->mikhailovSweep().samples.size(), std::size_t(40));
    qInfo("worst lateness of the GUI event loop, sweep of 5000 superseded by one of 40: %lld ms", probe.worstMs());
    QVERIFY2(probe.worstMs() < kLatenessBoundMs, qPrintable(QString::number(probe.worstMs())));

    // Closed in the middle of a long sweep: it stops (the window computes no more) at once.
    points->setFocus();
    QTest::keyClick(points, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(points, QStringLiteral("5000"));
    QTest::keyClick(points, Qt::Key_Return);
    QVERIFY(frequency->isComputing());
    kelvin::test::pressEscape(frequency);
    QVERIFY(frequency->isHidden());
    QVERIFY(!frequency->isComputing());
    QVERIFY(frequency->mikhailovSweep().samples.empty());
  }

  void noiseEnvelopeThatCannotBeComputed() {
    // The BJT stage with the envelope asked for: white noise reaches its output through no storage
    // element, so the sensor's variance is unbounded. The run ends anyway (the scopes
    // draw no band for it), with a warning naming the sensor.
    QFile source(kelvin::e2e::example("bjt_low_noise_amplifier.kelvin"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    QJsonObject model = QJsonDocument::fromJson(source.readAll()).object();
    QJsonObject settings = model.value(QStringLiteral("settings")).toObject();
    QJsonObject noise = settings.value(QStringLiteral("noise")).toObject();
    noise.insert(QStringLiteral("envelope"), true);
    settings.insert(QStringLiteral("noise"), noise);
    model.insert(QStringLiteral("settings"), settings);
    const QString path = dir_.filePath(QStringLiteral("bjt_envelope.kelvin"));
    QFile copy(path);
    QVERIFY(copy.open(QIODevice::WriteOnly) && copy.write(QJsonDocument(model).toJson()) > 0);
    copy.close();

    App app(suite_.registry());
    app.openWithDialog(path);
    QTRY_VERIFY_WITH_TIMEOUT(app.window().windowTitle().startsWith(QStringLiteral("bjt_envelope")),
                             kelvin::e2e::kRunTimeoutMs);
    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    auto* log = app.window().findChild<kelvin::gui::LogView*>();
    QVERIFY(log);
    QTRY_VERIFY(log->toPlainText().contains(QStringLiteral("NS.y: no noise band in this run")));
    QVERIFY(log->toPlainText().contains(QStringLiteral("give the noise sensor a noise bandwidth")));
  }

 private:
  static constexpr int kSections = 60;
  static constexpr int kSettleMs = 1500;  // long enough for a late identification to have arrived
  static constexpr qint64 kLatenessBoundMs = 250;
  kelvin::e2e::Suite suite_;
  QTemporaryDir dir_;
};

QTEST_MAIN(TestE2eResponsiveAnalyses)
#include "tst_e2e_responsive_analyses.moc"
