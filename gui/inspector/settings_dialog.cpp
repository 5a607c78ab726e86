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

/// The noise options' defaults (DESIGN: noise); settings.extra["noise"] overrides them key by key.
const core::Json kNoiseDefaults = {{"envelope", false},
                                   {"relinearization_tolerance", 1e-3},
                                   {"monte_carlo_runs", 0},
                                   {"seed", 1},
                                   {"sigma_factor", 3.0}};

core::Json noiseSettings(const core::Settings& settings) {
  core::Json noise = kNoiseDefaults;
  if (const auto it = settings.extra.find("noise"); it != settings.extra.end() && it->is_object())
    for (const auto& [key, value] : it->items()) noise[key] = value;
  return noise;
}

}  // namespace

SettingsDialog::SettingsDialog(ModelDocument* document, QWidget* parent)
    : QDialog(parent), document_(document), stopTime_(new QLineEdit(this)), solver_(new QComboBox(this)),
      rtol_(new QLineEdit(this)), atol_(new QLineEdit(this)), step_(new QLineEdit(this)),
      temperature_(new QLineEdit(this)), projection_(new QCheckBox(tr("Project states at constraint changes"), this)),
      noiseEnvelope_(new QCheckBox(tr("Noise envelope along the transient (mean ± kσ)"), this)),
      relinearization_(new QLineEdit(this)), monteCarloRuns_(new QSpinBox(this)), seed_(new QSpinBox(this)),
      sigmaFactor_(new QLineEdit(this)), message_(new QLabel(this)),
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
  const core::Json noise = noiseSettings(s);
  noiseEnvelope_->setChecked(noise.value("envelope", false));
  relinearization_->setText(QString::number(noise.value("relinearization_tolerance", 1e-3), 'g', 6));
  monteCarloRuns_->setRange(0, 100000);
  monteCarloRuns_->setValue(noise.value("monte_carlo_runs", 0));
  monteCarloRuns_->setSpecialValueText(tr("none"));
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(noise.value("seed", 1));
  sigmaFactor_->setText(QString::number(noise.value("sigma_factor", 3.0), 'g', 6));
  message_->setStyleSheet(QStringLiteral("color: #c62828;"));
  message_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Stop time (s)"), stopTime_);
  form->addRow(tr("Solver"), solver_);
  form->addRow(tr("Relative tolerance"), rtol_);
  form->addRow(tr("Absolute tolerance"), atol_);
  form->addRow(tr("Step / output interval (s)"), step_);
  form->addRow(tr("Temperature (K)"), temperature_);
  form->addRow(QString(), projection_);
  auto* noiseBox = new QGroupBox(tr("Noise"), this);
  auto* noiseForm = new QFormLayout(noiseBox);
  noiseForm->addRow(QString(), noiseEnvelope_);
  noiseForm->addRow(tr("Re-linearisation tolerance"), relinearization_);
  noiseForm->addRow(tr("Monte Carlo runs"), monteCarloRuns_);
  noiseForm->addRow(tr("Random seed"), seed_);
  noiseForm->addRow(tr("Band half-width k (σ)"), sigmaFactor_);
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
  core::Json noise = noiseSettings(s);
  noise["envelope"] = noiseEnvelope_->isChecked();
  if (parsePositive(relinearization_->text(), "", &v)) noise["relinearization_tolerance"] = v;
  noise["monte_carlo_runs"] = monteCarloRuns_->value();
  noise["seed"] = seed_->value();
  if (parsePositive(sigmaFactor_->text(), "", &v)) noise["sigma_factor"] = v;
  // A model that never had noise options keeps none while they stay at their defaults.
  if (s.extra.contains("noise") || noise != kNoiseDefaults) s.extra["noise"] = noise;
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
