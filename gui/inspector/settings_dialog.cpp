#include "inspector/settings_dialog.h"

#include <limits>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QGroupBox>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/commands/set_settings_command.h"
#include "document/model_document.h"
#include "model/model_file.h"
#include "model/noise_settings.h"
#include "model/parameter_evaluator.h"

namespace kelvin::gui {

namespace {

bool parsePositive(const QString& text, const char* unit, double* value) {
  try {
    *value = core::evaluateNumber(text.toStdString(), unit, core::ParameterScope());
    return *value > 0;
  } catch (const std::exception&) {
    return false;
  }
}

/// The model's noise settings, or the defaults where the file holds unusable ones (the run reports those).
core::NoiseSettings noiseSettings(const core::Settings& settings) {
  try {
    return core::NoiseSettings::fromSettings(settings);
  } catch (const core::ModelError&) {
    return {};
  }
}

}  // namespace

SettingsDialog::SettingsDialog(ModelDocument* document, QWidget* parent)
    : QDialog(parent), document_(document), stopTime_(new QLineEdit(this)), solver_(new QComboBox(this)),
      rtol_(new QLineEdit(this)), atol_(new QLineEdit(this)), step_(new QLineEdit(this)),
      temperature_(new QLineEdit(this)), projection_(new QCheckBox(tr("Project states at constraint changes"), this)),
      initial_(new QComboBox(this)),
      noiseEnvelope_(new QCheckBox(tr("Noise envelope along the transient (mean ± kσ)"), this)),
      relinearization_(new QLineEdit(this)), monteCarloRuns_(new QSpinBox(this)), seed_(new QSpinBox(this)),
      sigmaFactor_(new QLineEdit(this)), noiseMethod_(new QComboBox(this)), message_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
  setWindowTitle(tr("Simulation Settings"));
  const core::Settings& s = document_->model().settings;
  stopTime_->setText(QString::fromStdString(s.stopTime));
  solver_->addItem(tr("IDA (variable step)"), QStringLiteral("ida"));
  solver_->addItem(tr("Implicit Euler"), QStringLiteral("euler"));
  solver_->addItem(tr("Trapezoidal"), QStringLiteral("trapezoid"));
  solver_->addItem(tr("BDF2"), QStringLiteral("bdf2"));
  solver_->setCurrentIndex(std::max(0, solver_->findData(QString::fromStdString(s.solver))));
  rtol_->setText(QString::number(s.rtol, 'g', 6));
  atol_->setText(QString::number(s.atol, 'g', 6));
  step_->setText(QString::fromStdString(s.step));
  step_->setPlaceholderText(tr("every accepted step"));
  temperature_->setText(QString::number(s.temperature, 'g', 8));
  projection_->setChecked(s.projection);
  initial_->setObjectName(QStringLiteral("initial"));
  initial_->addItem(tr("Initial conditions of the blocks (ic)"), QStringLiteral("ic"));
  initial_->addItem(tr("DC operating point"), QStringLiteral("operating_point"));
  const bool fromOperatingPoint = s.extra.contains("initial") && s.extra["initial"] == "operating_point";
  initial_->setCurrentIndex(fromOperatingPoint ? 1 : 0);
  const core::NoiseSettings noise = noiseSettings(s);
  noiseEnvelope_->setObjectName(QStringLiteral("noiseEnvelope"));
  noiseEnvelope_->setChecked(noise.envelope);
  relinearization_->setText(QString::number(noise.relinearizationTolerance, 'g', 6));
  monteCarloRuns_->setObjectName(QStringLiteral("monteCarloRuns"));
  monteCarloRuns_->setRange(0, 100000);
  monteCarloRuns_->setValue(noise.monteCarloRuns);
  monteCarloRuns_->setSpecialValueText(tr("none"));
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(static_cast<int>(std::min<unsigned>(noise.seed, std::numeric_limits<int>::max())));
  sigmaFactor_->setText(QString::number(noise.sigmaFactor, 'g', 6));
  noiseMethod_->setObjectName(QStringLiteral("noiseMethod"));
  noiseMethod_->addItem(tr("Element sources"), QStringLiteral("elements"));
  noiseMethod_->addItem(tr("Portion ports (Bosma)"), QStringLiteral("portions"));
  noiseMethod_->setCurrentIndex(
      std::max(0, noiseMethod_->findData(QString::fromStdString(core::noiseMethodName(noise.method)))));
  message_->setStyleSheet(QStringLiteral("color: #c62828;"));
  message_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Stop time (s)"), stopTime_);
  form->addRow(tr("Solver"), solver_);
  form->addRow(tr("Relative tolerance"), rtol_);
  form->addRow(tr("Absolute tolerance"), atol_);
  form->addRow(tr("Step / output interval (s)"), step_);
  form->addRow(tr("Temperature (K)"), temperature_);
  form->addRow(tr("Start from"), initial_);
  form->addRow(QString(), projection_);
  auto* noiseBox = new QGroupBox(tr("Noise"), this);
  auto* noiseForm = new QFormLayout(noiseBox);
  noiseForm->addRow(QString(), noiseEnvelope_);
  noiseForm->addRow(tr("Re-linearisation tolerance"), relinearization_);
  noiseForm->addRow(tr("Monte Carlo runs"), monteCarloRuns_);
  noiseForm->addRow(tr("Random seed"), seed_);
  noiseForm->addRow(tr("Band half-width k (σ)"), sigmaFactor_);
  noiseForm->addRow(tr("Noise sources"), noiseMethod_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(noiseBox);
  layout->addWidget(message_);
  layout->addWidget(buttons_);
  for (QLineEdit* edit : {stopTime_, rtol_, atol_, step_, temperature_, relinearization_, sigmaFactor_})
    connect(edit, &QLineEdit::textChanged, this, &SettingsDialog::validate);
  connect(buttons_, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  validate();
}

bool SettingsDialog::isValid() const {
  double v = 0;
  if (!parsePositive(stopTime_->text(), "s", &v)) return false;
  if (!parsePositive(rtol_->text(), "", &v) || !parsePositive(atol_->text(), "", &v)) return false;
  if (!step_->text().trimmed().isEmpty() && !parsePositive(step_->text(), "s", &v)) return false;
  if (!parsePositive(relinearization_->text(), "", &v) || !parsePositive(sigmaFactor_->text(), "", &v)) return false;
  return parsePositive(temperature_->text(), "", &v);
}

void SettingsDialog::validate() {
  const bool valid = isValid();
  message_->setText(valid ? QString() : tr("Times, tolerances, the temperature and k must be positive numbers."));
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(valid);
}

core::Settings SettingsDialog::settings() const {
  core::Settings s = document_->model().settings;
  double v = 0;
  s.stopTime = stopTime_->text().trimmed().toStdString();
  s.solver = solver_->currentData().toString().toStdString();
  if (parsePositive(rtol_->text(), "", &v) && v != s.rtol) s.rtol = v;
  if (parsePositive(atol_->text(), "", &v) && v != s.atol) s.atol = v;
  s.step = step_->text().trimmed().toStdString();
  if (parsePositive(temperature_->text(), "", &v)) s.temperature = v;
  s.projection = projection_->isChecked();
  const std::string initial = initial_->currentData().toString().toStdString();
  if (initial == "operating_point" || s.extra.contains("initial")) s.extra["initial"] = initial;  // "ic" is the default
  core::NoiseSettings noise = noiseSettings(s);
  noise.envelope = noiseEnvelope_->isChecked();
  if (parsePositive(relinearization_->text(), "", &v)) noise.relinearizationTolerance = v;
  noise.monteCarloRuns = monteCarloRuns_->value();
  noise.seed = static_cast<unsigned>(seed_->value());
  if (parsePositive(sigmaFactor_->text(), "", &v)) noise.sigmaFactor = v;
  noise.method = core::noiseMethodFromName(noiseMethod_->currentData().toString().toStdString())
                     .value_or(core::NoiseMethod::Elements);
  noise.writeTo(s);  // a model that never had noise options keeps none while they stay at their defaults
  return s;
}

void SettingsDialog::accept() {
  if (!isValid()) return;
  const core::Settings s = settings();
  const core::Settings& old = document_->model().settings;
  const bool changed = s.stopTime != old.stopTime || s.solver != old.solver || s.rtol != old.rtol ||
                       s.atol != old.atol || s.step != old.step || s.temperature != old.temperature ||
                       s.projection != old.projection || s.extra != old.extra;
  if (changed) document_->undoStack()->push(new SetSettingsCommand(document_, s));
  QDialog::accept();
}

}  // namespace kelvin::gui
