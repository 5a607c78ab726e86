// The typed noise settings (model/noise_settings.h): the defaults when the model has
// none (the envelope on), the values a file gives, an unusable value refused naming its
// key, and writing back: keys it does not know are kept, and a model without noise
// settings gets none while every value is its default.
#include <QtTest>

#include "model/diagnostic.h"
#include "model/noise_settings.h"

using kelvin::core::Json;
using kelvin::core::ModelError;
using kelvin::core::NoiseSettings;
using kelvin::core::Settings;

class TestNoiseSettings : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void defaultsWithoutNoiseSettings() {
    const NoiseSettings s = NoiseSettings::fromSettings(Settings{});
    QVERIFY(s.envelope);
    QCOMPARE(s.relinearizationTolerance, 1e-3);
    QCOMPARE(s.monteCarloRuns, 0);
    QCOMPARE(s.seed, 1u);
    QCOMPARE(s.sigmaFactor, 3.0);
    QCOMPARE(s.method, kelvin::core::NoiseMethod::Elements);
  }

  void valuesFromTheFile() {
    Settings settings;
    settings.extra["noise"] =
        Json{{"envelope", false}, {"monte_carlo_runs", 40}, {"seed", 9}, {"sigma_factor", 2}, {"method", "portions"}};
    const NoiseSettings s = NoiseSettings::fromSettings(settings);
    QVERIFY(!s.envelope);
    QCOMPARE(s.monteCarloRuns, 40);
    QCOMPARE(s.seed, 9u);
    QCOMPARE(s.sigmaFactor, 2.0);
    QCOMPARE(s.method, kelvin::core::NoiseMethod::Portions);
    QCOMPARE(s.relinearizationTolerance, 1e-3);  // not given: its default
  }

  void unusableValuesNameTheirKey_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");  // JSON
    QTest::newRow("envelope not a boolean") << "envelope"
                                            << "\"yes\"";
    QTest::newRow("tolerance zero") << "relinearization_tolerance"
                                    << "0";
    QTest::newRow("runs negative") << "monte_carlo_runs"
                                   << "-1";
    QTest::newRow("runs fractional") << "monte_carlo_runs"
                                     << "2.5";
    QTest::newRow("sigma text") << "sigma_factor"
                                << "\"three\"";
    QTest::newRow("method unknown") << "method"
                                    << "\"bosma\"";
    QTest::newRow("method not text") << "method"
                                     << "1";
  }

  void unusableValuesNameTheirKey() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    Settings settings;
    settings.extra["noise"] = Json{{key.toStdString(), Json::parse(value.toStdString())}};
    try {
      NoiseSettings::fromSettings(settings, "m.kelvin");
      QFAIL("an unusable value was accepted");
    } catch (const ModelError& e) {
      const QString message = QString::fromStdString(e.diagnostics().front().toString());
      QVERIFY2(message.contains("noise." + key) && message.startsWith("m.kelvin"), qPrintable(message));
    }
  }

  void writingBackKeepsUnknownKeysAndAddsNothingForDefaults() {
    Settings none;
    NoiseSettings{}.writeTo(none);
    QVERIFY(!none.extra.contains("noise"));

    Settings settings;
    settings.extra["noise"] = Json{{"future_option", "kept"}};
    NoiseSettings s;
    s.envelope = false;
    s.monteCarloRuns = 7;
    s.method = kelvin::core::NoiseMethod::Portions;
    s.writeTo(settings);
    QCOMPARE(settings.extra["noise"]["future_option"], Json("kept"));
    QCOMPARE(NoiseSettings::fromSettings(settings), s);
  }
};

QTEST_APPLESS_MAIN(TestNoiseSettings)
#include "tst_noise_settings.moc"
