#include "sweep/sweep_dialog.h"

#include <thread>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kelvin::gui {

namespace {
bool isDistribution(const QString& text) {
  const QString t = text.trimmed();
  return t.startsWith(QLatin1String("normal")) || t.startsWith(QLatin1String("uniform"));
}
}  // namespace

SweepDialog::SweepDialog(const QStringList& parameters, QWidget* parent)
    : QDialog(parent),
      parameters_(parameters),
      table_(new QTableWidget(0, 2, this)),
      runs_(new QSpinBox(this)),
      seed_(new QSpinBox(this)),
      threads_(new QSpinBox(this)),
      measures_(new QPlainTextEdit(this)),
      summary_(new QLabel(this)) {
  setWindowTitle(tr("Parameter Sweep"));
  setObjectName(QStringLiteral("sweepDialog"));
  table_->setObjectName(QStringLiteral("sweepParameters"));
  table_->setHorizontalHeaderLabels({tr("Parameter"), tr("Values or distribution")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->verticalHeader()->hide();
  table_->setToolTip(tr("Values: 1k, 2.2k, 4.7k or lin(a,b,n) or log(a,b,n). "
                        "Distributions (Monte Carlo): normal(mean,sd) with sd in units or %, uniform(a,b)."));
  auto* add = new QPushButton(tr("Add Parameter"), this);
  add->setObjectName(QStringLiteral("addSweepParameter"));
  auto* remove = new QPushButton(tr("Remove Parameter"), this);
  connect(add, &QPushButton::clicked, this, [this] { addParameterRow(); });
  connect(remove, &QPushButton::clicked, this, [this] {
    if (table_->rowCount() > 0) table_->removeRow(table_->currentRow() >= 0 ? table_->currentRow() : table_->rowCount() - 1);
    updateSummary();
  });
  auto* rowButtons = new QHBoxLayout;
  rowButtons->addWidget(add);
  rowButtons->addWidget(remove);
  rowButtons->addStretch();

  runs_->setObjectName(QStringLiteral("monteCarloRuns"));
  runs_->setRange(1, 1000000);
  runs_->setValue(100);
  seed_->setRange(0, 2147483647);
  seed_->setValue(1);
  threads_->setRange(1, 1024);
  threads_->setValue(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  measures_->setObjectName(QStringLiteral("sweepMeasures"));
  measures_->setPlaceholderText(tr("One per line, NAME=EXPR, e.g.\nv1=at(C1.v, 1m)\nt50=crossing(C1.v, 0.5)\n"
                                   "Functions: at(S,T) final(S) max(S) min(S) mean(S) rms(S) crossing(S,L)"));
  measures_->setFixedHeight(110);
  auto* form = new QFormLayout;
  form->addRow(tr("Monte Carlo runs (for distributions):"), runs_);
  form->addRow(tr("Seed:"), seed_);
  form->addRow(tr("Threads:"), threads_);
  form->addRow(tr("Measures:"), measures_);

  summary_->setObjectName(QStringLiteral("sweepSummary"));
  summary_->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Run Sweep"));
  connect(buttons, &QDialogButtonBox::accepted, this, &SweepDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &SweepDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(table_);
  layout->addLayout(rowButtons);
  layout->addLayout(form);
  layout->addWidget(summary_);
  layout->addWidget(buttons);
  connect(table_, &QTableWidget::cellChanged, this, &SweepDialog::updateSummary);
  connect(runs_, &QSpinBox::valueChanged, this, &SweepDialog::updateSummary);
  addParameterRow();
  resize(560, 520);
}

void SweepDialog::addParameterRow(const QString& parameter, const QString& values) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  auto* choice = new QComboBox(table_);
  choice->setEditable(true);
  choice->addItems(parameters_);
  choice->setCurrentText(parameter.isEmpty() && !parameters_.isEmpty() ? parameters_.front() : parameter);
  connect(choice, &QComboBox::currentTextChanged, this, &SweepDialog::updateSummary);
  table_->setCellWidget(row, 0, choice);
  table_->setItem(row, 1, new QTableWidgetItem(values));
  updateSummary();
}

std::optional<SweepRequest> SweepDialog::request() {
  SweepRequest r;
  try {
    for (int row = 0; row < table_->rowCount(); ++row) {
      const auto* choice = qobject_cast<QComboBox*>(table_->cellWidget(row, 0));
      const QString name = choice ? choice->currentText().trimmed() : QString();
      const QString values = table_->item(row, 1) ? table_->item(row, 1)->text().trimmed() : QString();
      if (name.isEmpty() && values.isEmpty()) continue;
      const std::string spec = (name + QLatin1Char('=') + values).toStdString();
      if (isDistribution(values))
        r.spec.varied.push_back(core::SweepSpec::parseVaried(spec));
      else
        r.spec.grid.push_back(core::SweepSpec::parseGrid(spec));
    }
    if (r.spec.grid.empty() && r.spec.varied.empty()) {
      summary_->setText(tr("Add a parameter and its values or distribution."));
      return std::nullopt;
    }
    r.spec.monteCarlo = r.spec.varied.empty() ? 0 : runs_->value();
    r.spec.seed = static_cast<std::uint64_t>(seed_->value());
    for (const QString& line : measures_->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
      if (!line.trimmed().isEmpty()) r.measures.push_back(core::Measure::parse(line.trimmed().toStdString()));
  } catch (const core::SweepSpecError& e) {
    summary_->setText(QString::fromStdString(e.what()));
    return std::nullopt;
  }
  r.jobs = threads_->value();
  return r;
}

void SweepDialog::updateSummary() {
  long points = 1;
  bool monteCarlo = false;
  for (int row = 0; row < table_->rowCount(); ++row) {
    const QString values = table_->item(row, 1) ? table_->item(row, 1)->text().trimmed() : QString();
    if (values.isEmpty()) continue;
    if (isDistribution(values)) {
      monteCarlo = true;
      continue;
    }
    try {
      points *= static_cast<long>(core::SweepSpec::parseGrid("a.b=" + values.toStdString()).values.size());
    } catch (const core::SweepSpecError&) {
    }
  }
  summary_->setText(tr("%n run(s)", nullptr, static_cast<int>(points * (monteCarlo ? runs_->value() : 1))));
}

void SweepDialog::accept() {
  if (request()) QDialog::accept();
}

}  // namespace kelvin::gui
