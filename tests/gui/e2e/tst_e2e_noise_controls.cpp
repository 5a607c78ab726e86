// The scope's noise controls (the band's k and the noisy trace) are for runs that carry the
// noise envelope: after F5 on the Brownian resonator they are on the scope's tool bar, after
// F5 on the RC low-pass (no noise) they are not, and the resonator opened and run again in the
// same window brings them back.

#include <QToolBar>

#include "e2e_fixture.h"

using kelvin::e2e::App;

namespace {

/// Whether the tool bar of `scope` shows its noise controls (the band's k).
bool showsNoiseControls(kelvin::gui::ScopeWindow* scope) {
  auto* k = scope->toolBar()->findChild<QWidget*>(QStringLiteral("sigmaFactor"));
  return k && k->isVisible();
}

}  // namespace

class TestE2eNoiseControls : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
  }

  void shownOnlyForRunsWithTheEnvelope() {
    App app(suite_.registry());
    QVERIFY(app.openExample("brownian_resonator.kelvin"));
    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QTRY_VERIFY(showsNoiseControls(scope));

    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QTRY_VERIFY(scope->isVisible());
    QVERIFY(!showsNoiseControls(scope));
    QVERIFY(scope->toolBar()->findChild<QWidget*>(QStringLiteral("chooseSignals"))->isVisible());

    QVERIFY(app.openExample("brownian_resonator.kelvin"));
    QVERIFY2(app.runToTheEnd(), qPrintable(app.status()));
    scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QTRY_VERIFY(showsNoiseControls(scope));
  }

 private:
  kelvin::e2e::Suite suite_;
};

QTEST_MAIN(TestE2eNoiseControls)
#include "tst_e2e_noise_controls.moc"
