<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>AddConnectionCommand</name>
    <message>
        <source>Connect %1 → %2</source>
        <translation>Соединить %1 → %2</translation>
    </message>
</context>
<context>
    <name>AnalysisWindow</name>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Close this window (Esc)</source>
        <translation>Закрыть это окно (Esc)</translation>
    </message>
</context>
<context>
    <name>BlockLibrary</name>
    <message>
        <source>Analysis</source>
        <translation>Анализ</translation>
    </message>
    <message>
        <source>Electrical</source>
        <translation>Электрические</translation>
    </message>
    <message>
        <source>Hydraulic</source>
        <translation>Гидравлические</translation>
    </message>
    <message>
        <source>Rotational</source>
        <translation>Вращательные</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>Сигнальные</translation>
    </message>
    <message>
        <source>Thermal</source>
        <translation>Тепловые</translation>
    </message>
    <message>
        <source>Translational</source>
        <translation>Поступательные</translation>
    </message>
    <message>
        <source>Analysis input</source>
        <translation>Вход анализа</translation>
    </message>
    <message>
        <source>Analysis outputs</source>
        <translation>Выходы анализа</translation>
    </message>
    <message>
        <source>number of inputs</source>
        <translation>число входов</translation>
    </message>
    <message>
        <source>Capacitor</source>
        <translation>Конденсатор</translation>
    </message>
    <message>
        <source>capacitance</source>
        <translation>ёмкость</translation>
    </message>
    <message>
        <source>initial voltage p − n</source>
        <translation>начальное напряжение p − n</translation>
    </message>
    <message>
        <source>Current sensor</source>
        <translation>Датчик тока</translation>
    </message>
    <message>
        <source>Current source</source>
        <translation>Источник тока</translation>
    </message>
    <message>
        <source>current from p to n through the source</source>
        <translation>ток от p к n через источник</translation>
    </message>
    <message>
        <source>Diode</source>
        <translation>Диод</translation>
    </message>
    <message>
        <source>saturation current</source>
        <translation>ток насыщения</translation>
    </message>
    <message>
        <source>emission coefficient</source>
        <translation>коэффициент неидеальности</translation>
    </message>
    <message>
        <source>series resistance (0: none)</source>
        <translation>последовательное сопротивление (0 — нет)</translation>
    </message>
    <message>
        <source>EMF</source>
        <translation>Преобразователь ЭДС</translation>
    </message>
    <message>
        <source>torque and back-EMF constant (N·m/A = V·s/rad)</source>
        <translation>постоянная момента и противо-ЭДС (Н·м/А = В·с/рад)</translation>
    </message>
    <message>
        <source>Ground</source>
        <translation>Земля</translation>
    </message>
    <message>
        <source>Inductor</source>
        <translation>Катушка индуктивности</translation>
    </message>
    <message>
        <source>inductance</source>
        <translation>индуктивность</translation>
    </message>
    <message>
        <source>initial current from p to n</source>
        <translation>начальный ток от p к n</translation>
    </message>
    <message>
        <source>Operational amplifier</source>
        <translation>Операционный усилитель</translation>
    </message>
    <message>
        <source>open-loop voltage gain (0: infinite, ideal)</source>
        <translation>коэффициент усиления без обратной связи (0 — бесконечный, идеальный)</translation>
    </message>
    <message>
        <source>Pulse voltage</source>
        <translation>Импульсное напряжение</translation>
    </message>
    <message>
        <source>initial (low) voltage</source>
        <translation>начальное (низкое) напряжение</translation>
    </message>
    <message>
        <source>pulsed (high) voltage</source>
        <translation>напряжение импульса (высокое)</translation>
    </message>
    <message>
        <source>time of the first rise</source>
        <translation>время первого фронта</translation>
    </message>
    <message>
        <source>rise time</source>
        <translation>длительность фронта</translation>
    </message>
    <message>
        <source>fall time</source>
        <translation>длительность спада</translation>
    </message>
    <message>
        <source>time at v2</source>
        <translation>длительность на уровне v2</translation>
    </message>
    <message>
        <source>period</source>
        <translation>период</translation>
    </message>
    <message>
        <source>Resistor</source>
        <translation>Резистор</translation>
    </message>
    <message>
        <source>resistance</source>
        <translation>сопротивление</translation>
    </message>
    <message>
        <source>Signal voltage</source>
        <translation>Управляемый источник напряжения</translation>
    </message>
    <message>
        <source>Sine voltage</source>
        <translation>Синусоидальное напряжение</translation>
    </message>
    <message>
        <source>peak amplitude</source>
        <translation>амплитуда</translation>
    </message>
    <message>
        <source>frequency</source>
        <translation>частота</translation>
    </message>
    <message>
        <source>phase at t = 0</source>
        <translation>фаза при t = 0</translation>
    </message>
    <message>
        <source>value added to the sine</source>
        <translation>постоянная составляющая</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>resistance when closed</source>
        <translation>сопротивление в замкнутом состоянии</translation>
    </message>
    <message>
        <source>conductance when open</source>
        <translation>проводимость в разомкнутом состоянии</translation>
    </message>
    <message>
        <source>1: an ideal switch (v = 0 closed, i = 0 open); 0: Ron and Goff</source>
        <translation>1 — идеальный ключ (v = 0 замкнут, i = 0 разомкнут); 0 — Ron и Goff</translation>
    </message>
    <message>
        <source>Voltage sensor</source>
        <translation>Датчик напряжения</translation>
    </message>
    <message>
        <source>Voltage source</source>
        <translation>Источник напряжения</translation>
    </message>
    <message>
        <source>voltage p − n</source>
        <translation>напряжение p − n</translation>
    </message>
    <message>
        <source>Hydraulic capacitance</source>
        <translation>Гидравлическая ёмкость</translation>
    </message>
    <message>
        <source>capacitance, volume change per pressure change</source>
        <translation>ёмкость: изменение объёма на единицу изменения давления</translation>
    </message>
    <message>
        <source>initial pressure p − n</source>
        <translation>начальное давление p − n</translation>
    </message>
    <message>
        <source>Cylinder</source>
        <translation>Гидроцилиндр</translation>
    </message>
    <message>
        <source>piston area</source>
        <translation>площадь поршня</translation>
    </message>
    <message>
        <source>Fluid inertia</source>
        <translation>Инерционность жидкости</translation>
    </message>
    <message>
        <source>inertance</source>
        <translation>гидравлическая индуктивность</translation>
    </message>
    <message>
        <source>initial flow from p to n</source>
        <translation>начальный расход от p к n</translation>
    </message>
    <message>
        <source>Laminar resistance</source>
        <translation>Ламинарное сопротивление</translation>
    </message>
    <message>
        <source>hydraulic resistance</source>
        <translation>гидравлическое сопротивление</translation>
    </message>
    <message>
        <source>Orifice</source>
        <translation>Дроссель</translation>
    </message>
    <message>
        <source>discharge coefficient</source>
        <translation>коэффициент расхода</translation>
    </message>
    <message>
        <source>opening area</source>
        <translation>площадь проходного сечения</translation>
    </message>
    <message>
        <source>fluid density</source>
        <translation>плотность жидкости</translation>
    </message>
    <message>
        <source>pressure drop of the laminar-to-turbulent transition</source>
        <translation>перепад давления при переходе от ламинарного к турбулентному течению</translation>
    </message>
    <message>
        <source>Pressure sensor</source>
        <translation>Датчик давления</translation>
    </message>
    <message>
        <source>Pressure source</source>
        <translation>Источник давления</translation>
    </message>
    <message>
        <source>pressure p − n</source>
        <translation>давление p − n</translation>
    </message>
    <message>
        <source>Reservoir</source>
        <translation>Резервуар</translation>
    </message>
    <message>
        <source>gauge pressure of the tank</source>
        <translation>избыточное давление в баке</translation>
    </message>
    <message>
        <source>Clutch</source>
        <translation>Муфта</translation>
    </message>
    <message>
        <source>static torque capacity when locked, at u = 1</source>
        <translation>предельный момент в замкнутом состоянии при u = 1</translation>
    </message>
    <message>
        <source>kinetic friction torque while slipping, at u = 1</source>
        <translation>момент трения скольжения при u = 1</translation>
    </message>
    <message>
        <source>Constant torque</source>
        <translation>Постоянный момент</translation>
    </message>
    <message>
        <source>torque applied to the driven flange</source>
        <translation>момент, приложенный к ведомому фланцу</translation>
    </message>
    <message>
        <source>Rotational damper</source>
        <translation>Вращательный демпфер</translation>
    </message>
    <message>
        <source>damping coefficient</source>
        <translation>коэффициент демпфирования</translation>
    </message>
    <message>
        <source>Fixed flange</source>
        <translation>Неподвижный фланец</translation>
    </message>
    <message>
        <source>Ideal gear</source>
        <translation>Идеальный редуктор</translation>
    </message>
    <message>
        <source>speed of a over speed of b (not 0)</source>
        <translation>отношение скорости a к скорости b (не 0)</translation>
    </message>
    <message>
        <source>Inertia</source>
        <translation>Момент инерции</translation>
    </message>
    <message>
        <source>moment of inertia</source>
        <translation>момент инерции</translation>
    </message>
    <message>
        <source>initial angular velocity</source>
        <translation>начальная угловая скорость</translation>
    </message>
    <message>
        <source>Planetary gear</source>
        <translation>Планетарная передача</translation>
    </message>
    <message>
        <source>ring teeth / sun teeth</source>
        <translation>число зубьев коронной шестерни / солнечной</translation>
    </message>
    <message>
        <source>Speed sensor</source>
        <translation>Датчик угловой скорости</translation>
    </message>
    <message>
        <source>Rotational spring</source>
        <translation>Торсионная пружина</translation>
    </message>
    <message>
        <source>torsional stiffness</source>
        <translation>крутильная жёсткость</translation>
    </message>
    <message>
        <source>initial twist, angle of a minus angle of b</source>
        <translation>начальное закручивание: угол a минус угол b</translation>
    </message>
    <message>
        <source>Torque source</source>
        <translation>Источник момента</translation>
    </message>
    <message>
        <source>Torque sensor</source>
        <translation>Датчик момента</translation>
    </message>
    <message>
        <source>Clocked delay</source>
        <translation>Тактируемая задержка</translation>
    </message>
    <message>
        <source>output before the first tick has passed</source>
        <translation>выход до первого такта</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Константа</translation>
    </message>
    <message>
        <source>output value</source>
        <translation>значение на выходе</translation>
    </message>
    <message>
        <source>Algebraic constraint</source>
        <translation>Алгебраическое ограничение</translation>
    </message>
    <message>
        <source>Expression</source>
        <translation>Выражение</translation>
    </message>
    <message>
        <source>formula of u1..uN and t</source>
        <translation>формула от u1..uN и t</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>Усилитель</translation>
    </message>
    <message>
        <source>gain</source>
        <translation>коэффициент усиления</translation>
    </message>
    <message>
        <source>Integrator</source>
        <translation>Интегратор</translation>
    </message>
    <message>
        <source>initial output</source>
        <translation>начальное значение выхода</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Произведение</translation>
    </message>
    <message>
        <source>Pulse train</source>
        <translation>Последовательность импульсов</translation>
    </message>
    <message>
        <source>value during a pulse</source>
        <translation>значение во время импульса</translation>
    </message>
    <message>
        <source>duration of each pulse</source>
        <translation>длительность импульса</translation>
    </message>
    <message>
        <source>Ramp</source>
        <translation>Линейно нарастающий сигнал</translation>
    </message>
    <message>
        <source>rate of rise</source>
        <translation>скорость нарастания</translation>
    </message>
    <message>
        <source>start of the ramp</source>
        <translation>момент начала нарастания</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>Насыщение</translation>
    </message>
    <message>
        <source>lower limit</source>
        <translation>нижний предел</translation>
    </message>
    <message>
        <source>upper limit</source>
        <translation>верхний предел</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Осциллограф</translation>
    </message>
    <message>
        <source>Sine</source>
        <translation>Синусоида</translation>
    </message>
    <message>
        <source>State space</source>
        <translation>Пространство состояний</translation>
    </message>
    <message>
        <source>n×n state matrix</source>
        <translation>матрица состояния n×n</translation>
    </message>
    <message>
        <source>n×1 input matrix</source>
        <translation>матрица входа n×1</translation>
    </message>
    <message>
        <source>1×n output matrix</source>
        <translation>матрица выхода 1×n</translation>
    </message>
    <message>
        <source>1×1 feedthrough</source>
        <translation>прямая связь 1×1</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Ступенька</translation>
    </message>
    <message>
        <source>value after the step</source>
        <translation>значение после ступеньки</translation>
    </message>
    <message>
        <source>time of the step</source>
        <translation>момент ступеньки</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>Сумматор</translation>
    </message>
    <message>
        <source>one &apos;+&apos; or &apos;-&apos; per input</source>
        <translation>по одному &apos;+&apos; или &apos;-&apos; на вход</translation>
    </message>
    <message>
        <source>Transfer function</source>
        <translation>Передаточная функция</translation>
    </message>
    <message>
        <source>numerator coefficients, highest power first</source>
        <translation>коэффициенты числителя, начиная со старшей степени</translation>
    </message>
    <message>
        <source>denominator coefficients, highest power first</source>
        <translation>коэффициенты знаменателя, начиная со старшей степени</translation>
    </message>
    <message>
        <source>Transport delay</source>
        <translation>Транспортное запаздывание</translation>
    </message>
    <message>
        <source>dead time τ</source>
        <translation>время запаздывания τ</translation>
    </message>
    <message>
        <source>output during the first τ seconds</source>
        <translation>выход в течение первых τ секунд</translation>
    </message>
    <message>
        <source>Unit delay</source>
        <translation>Единичная задержка</translation>
    </message>
    <message>
        <source>sample period T</source>
        <translation>период дискретизации T</translation>
    </message>
    <message>
        <source>output before the first sample has passed</source>
        <translation>выход до первого отсчёта</translation>
    </message>
    <message>
        <source>Algebraic unknown</source>
        <translation>Алгебраическая неизвестная</translation>
    </message>
    <message>
        <source>Zero-order hold</source>
        <translation>Экстраполятор нулевого порядка</translation>
    </message>
    <message>
        <source>Thermal conductor</source>
        <translation>Теплопроводник</translation>
    </message>
    <message>
        <source>thermal conductance</source>
        <translation>теплопроводность</translation>
    </message>
    <message>
        <source>Heat capacitor</source>
        <translation>Теплоёмкость</translation>
    </message>
    <message>
        <source>heat capacity</source>
        <translation>теплоёмкость</translation>
    </message>
    <message>
        <source>initial temperature</source>
        <translation>начальная температура</translation>
    </message>
    <message>
        <source>Heat flow source</source>
        <translation>Источник теплового потока</translation>
    </message>
    <message>
        <source>heat flow into the connected node</source>
        <translation>тепловой поток в подключённый узел</translation>
    </message>
    <message>
        <source>Temperature sensor</source>
        <translation>Датчик температуры</translation>
    </message>
    <message>
        <source>Temperature source</source>
        <translation>Источник температуры</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>температура</translation>
    </message>
    <message>
        <source>Damper</source>
        <translation>Демпфер</translation>
    </message>
    <message>
        <source>Fixed point</source>
        <translation>Неподвижная точка</translation>
    </message>
    <message>
        <source>Force source</source>
        <translation>Источник силы</translation>
    </message>
    <message>
        <source>Force sensor</source>
        <translation>Датчик силы</translation>
    </message>
    <message>
        <source>Hard stop</source>
        <translation>Жёсткий упор</translation>
    </message>
    <message>
        <source>free travel either way</source>
        <translation>свободный ход в каждую сторону</translation>
    </message>
    <message>
        <source>contact stiffness</source>
        <translation>контактная жёсткость</translation>
    </message>
    <message>
        <source>contact damping</source>
        <translation>контактное демпфирование</translation>
    </message>
    <message>
        <source>initial relative position x_a − x_b</source>
        <translation>начальное относительное положение x_a − x_b</translation>
    </message>
    <message>
        <source>1: plastic impact with state projection; 0: penalty contact</source>
        <translation>1 — неупругий удар с проекцией состояния; 0 — контакт со штрафной жёсткостью</translation>
    </message>
    <message>
        <source>Mass</source>
        <translation>Масса</translation>
    </message>
    <message>
        <source>mass</source>
        <translation>масса</translation>
    </message>
    <message>
        <source>initial velocity</source>
        <translation>начальная скорость</translation>
    </message>
    <message>
        <source>initial position</source>
        <translation>начальное положение</translation>
    </message>
    <message>
        <source>Position sensor</source>
        <translation>Датчик положения</translation>
    </message>
    <message>
        <source>position at the start</source>
        <translation>начальное положение</translation>
    </message>
    <message>
        <source>Spring</source>
        <translation>Пружина</translation>
    </message>
    <message>
        <source>stiffness</source>
        <translation>жёсткость</translation>
    </message>
    <message>
        <source>initial stretch, position of a minus position of b</source>
        <translation>начальное растяжение: положение a минус положение b</translation>
    </message>
    <message>
        <source>Velocity sensor</source>
        <translation>Датчик скорости</translation>
    </message>
    <message>
        <source>Pulse current</source>
        <translation>Импульсный ток</translation>
    </message>
    <message>
        <source>initial (low) current</source>
        <translation>начальный (низкий) ток</translation>
    </message>
    <message>
        <source>pulsed (high) current</source>
        <translation>ток импульса (высокий)</translation>
    </message>
    <message>
        <source>Sine current</source>
        <translation>Синусоидальный ток</translation>
    </message>
    <message>
        <source>noise temperature of this element (0: the model&apos;s temperature)</source>
        <translation>шумовая температура этого элемента (0: температура модели)</translation>
    </message>
    <message>
        <source>Noise sensor</source>
        <translation>Датчик шума</translation>
    </message>
    <message>
        <source>noise bandwidth of the sensor&apos;s first-order filter (0: none; white noise seen through no storage then has unbounded variance)</source>
        <translation>шумовая полоса фильтра первого порядка датчика (0: без фильтра; белый шум, прошедший не через накопитель, тогда имеет неограниченную дисперсию)</translation>
    </message>
    <message>
        <source>Varactor</source>
        <translation>Варикап</translation>
    </message>
    <message>
        <source>capacitance at zero bias</source>
        <translation>ёмкость при нулевом смещении</translation>
    </message>
    <message>
        <source>junction potential</source>
        <translation>контактная разность потенциалов</translation>
    </message>
    <message>
        <source>grading coefficient</source>
        <translation>коэффициент плавности перехода</translation>
    </message>
    <message>
        <source>what y reads: velocity (relative, a − b) or position</source>
        <translation>что измеряет y: скорость (относительную, a − b) или положение</translation>
    </message>
    <message>
        <source>Pink noise</source>
        <translation>Розовый шум</translation>
    </message>
    <message>
        <source>one-sided PSD at the corner frequency</source>
        <translation>односторонняя СПМ на угловой частоте</translation>
    </message>
    <message>
        <source>frequency where the PSD equals psd</source>
        <translation>частота, на которой СПМ равна psd</translation>
    </message>
    <message>
        <source>White noise</source>
        <translation>Белый шум</translation>
    </message>
    <message>
        <source>one-sided power spectral density of y</source>
        <translation>односторонняя спектральная плотность мощности y</translation>
    </message>
    <message>
        <source>Pneumatic</source>
        <translation>Пневматические</translation>
    </message>
    <message>
        <source>Chamber</source>
        <translation>Камера</translation>
    </message>
    <message>
        <source>volume</source>
        <translation>объём</translation>
    </message>
    <message>
        <source>initial absolute pressure</source>
        <translation>начальное абсолютное давление</translation>
    </message>
    <message>
        <source>gas temperature (isothermal), or its initial value (adiabatic)</source>
        <translation>температура газа (изотермический режим) или её начальное значение (адиабатный)</translation>
    </message>
    <message>
        <source>specific gas constant (287.05 for dry air)</source>
        <translation>удельная газовая постоянная (287,05 для сухого воздуха)</translation>
    </message>
    <message>
        <source>1: held at T by the walls; 0: adiabatic (gamma)</source>
        <translation>1: стенки поддерживают температуру T; 0: адиабатный (gamma)</translation>
    </message>
    <message>
        <source>heat capacity ratio cp/cv (adiabatic only)</source>
        <translation>показатель адиабаты cp/cv (только адиабатный режим)</translation>
    </message>
    <message>
        <source>chamber volume at x = 0 (ports, cushion)</source>
        <translation>объём полости при x = 0 (каналы, демпфер)</translation>
    </message>
    <message>
        <source>initial piston travel</source>
        <translation>начальный ход поршня</translation>
    </message>
    <message>
        <source>ambient pressure on the rod side</source>
        <translation>давление окружающей среды со стороны штока</translation>
    </message>
    <message>
        <source>Flow resistance</source>
        <translation>Сопротивление потоку</translation>
    </message>
    <message>
        <source>resistance to mass flow</source>
        <translation>сопротивление массовому расходу</translation>
    </message>
    <message>
        <source>Mass flow sensor</source>
        <translation>Датчик массового расхода</translation>
    </message>
    <message>
        <source>sonic conductance (1e-8 = 1 dm³/(s·bar))</source>
        <translation>звуковая проводимость (1e-8 = 1 дм³/(с·бар))</translation>
    </message>
    <message>
        <source>critical pressure ratio: choked flow at p₂/p₁ ≤ b</source>
        <translation>критическое отношение давлений: запертое течение при p₂/p₁ ≤ b</translation>
    </message>
    <message>
        <source>subsonic index (0.5 for most components)</source>
        <translation>показатель дозвукового течения (0,5 для большинства элементов)</translation>
    </message>
    <message>
        <source>upstream gas temperature T₁</source>
        <translation>температура газа на входе T₁</translation>
    </message>
    <message>
        <source>absolute pressure</source>
        <translation>абсолютное давление</translation>
    </message>
    <message>
        <source>temperature of the stored gas (the elements it feeds take the temperature of their own gas)</source>
        <translation>температура хранимого газа (питаемые элементы берут температуру своего газа)</translation>
    </message>
    <message>
        <source>position of the flange: a readout, against which the stretch of the springs it holds is checked</source>
        <translation>положение фланца: показание, с которым сверяется растяжение удерживаемых им пружин</translation>
    </message>
    <message>
        <source>Pneumatic cylinder</source>
        <translation>Пневмоцилиндр</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Пользовательские</translation>
    </message>
    <message>
        <source>Bipolar transistor</source>
        <translation>Биполярный транзистор</translation>
    </message>
    <message>
        <source>NPN or PNP</source>
        <translation>NPN или PNP</translation>
    </message>
    <message>
        <source>transport saturation current</source>
        <translation>ток насыщения переноса</translation>
    </message>
    <message>
        <source>ideal forward current gain</source>
        <translation>идеальный прямой коэффициент усиления по току</translation>
    </message>
    <message>
        <source>ideal reverse current gain</source>
        <translation>идеальный обратный коэффициент усиления по току</translation>
    </message>
    <message>
        <source>forward emission coefficient</source>
        <translation>прямой коэффициент эмиссии</translation>
    </message>
    <message>
        <source>reverse emission coefficient</source>
        <translation>обратный коэффициент эмиссии</translation>
    </message>
    <message>
        <source>forward Early voltage (0: none)</source>
        <translation>прямое напряжение Эрли (0: нет)</translation>
    </message>
    <message>
        <source>reverse Early voltage (0: none)</source>
        <translation>обратное напряжение Эрли (0: нет)</translation>
    </message>
    <message>
        <source>forward high-injection knee current (0: none)</source>
        <translation>ток излома высокого уровня инжекции (0: нет)</translation>
    </message>
    <message>
        <source>base resistance</source>
        <translation>сопротивление базы</translation>
    </message>
    <message>
        <source>emitter resistance</source>
        <translation>сопротивление эмиттера</translation>
    </message>
    <message>
        <source>collector resistance</source>
        <translation>сопротивление коллектора</translation>
    </message>
    <message>
        <source>base–emitter zero-bias depletion capacitance</source>
        <translation>барьерная ёмкость перехода база–эмиттер при нулевом смещении</translation>
    </message>
    <message>
        <source>base–emitter built-in potential</source>
        <translation>контактная разность потенциалов перехода база–эмиттер</translation>
    </message>
    <message>
        <source>base–emitter grading coefficient</source>
        <translation>коэффициент плавности перехода база–эмиттер</translation>
    </message>
    <message>
        <source>base–collector zero-bias depletion capacitance</source>
        <translation>барьерная ёмкость перехода база–коллектор при нулевом смещении</translation>
    </message>
    <message>
        <source>base–collector built-in potential</source>
        <translation>контактная разность потенциалов перехода база–коллектор</translation>
    </message>
    <message>
        <source>base–collector grading coefficient</source>
        <translation>коэффициент плавности перехода база–коллектор</translation>
    </message>
    <message>
        <source>ideal forward transit time</source>
        <translation>идеальное время пролёта в прямом режиме</translation>
    </message>
    <message>
        <source>ideal reverse transit time</source>
        <translation>идеальное время пролёта в обратном режиме</translation>
    </message>
    <message>
        <source>energy gap for the temperature dependence of IS</source>
        <translation>ширина запрещённой зоны для температурной зависимости IS</translation>
    </message>
    <message>
        <source>temperature exponent of IS</source>
        <translation>температурный показатель IS</translation>
    </message>
    <message>
        <source>temperature exponent of BF and BR</source>
        <translation>температурный показатель BF и BR</translation>
    </message>
    <message>
        <source>temperature at which the parameters were measured</source>
        <translation>температура, при которой измерены параметры</translation>
    </message>
    <message>
        <source>Current-controlled current source</source>
        <translation>Источник тока, управляемый током</translation>
    </message>
    <message>
        <source>current gain</source>
        <translation>коэффициент усиления по току</translation>
    </message>
    <message>
        <source>Current-controlled voltage source</source>
        <translation>Источник напряжения, управляемый током</translation>
    </message>
    <message>
        <source>transresistance</source>
        <translation>передаточное сопротивление</translation>
    </message>
    <message>
        <source>Coupled inductors</source>
        <translation>Связанные катушки индуктивности</translation>
    </message>
    <message>
        <source>inductance of winding 1</source>
        <translation>индуктивность обмотки 1</translation>
    </message>
    <message>
        <source>inductance of winding 2</source>
        <translation>индуктивность обмотки 2</translation>
    </message>
    <message>
        <source>coupling coefficient, 0 ≤ k &lt; 1</source>
        <translation>коэффициент связи, 0 ≤ k &lt; 1</translation>
    </message>
    <message>
        <source>initial current of winding 1 (p1 to n1)</source>
        <translation>начальный ток обмотки 1 (от p1 к n1)</translation>
    </message>
    <message>
        <source>initial current of winding 2 (p2 to n2)</source>
        <translation>начальный ток обмотки 2 (от p2 к n2)</translation>
    </message>
    <message>
        <source>Ideal transformer</source>
        <translation>Идеальный трансформатор</translation>
    </message>
    <message>
        <source>turns ratio n1/n2</source>
        <translation>коэффициент трансформации n1/n2</translation>
    </message>
    <message>
        <source>MOS transistor</source>
        <translation>МОП-транзистор</translation>
    </message>
    <message>
        <source>NMOS or PMOS</source>
        <translation>NMOS или PMOS</translation>
    </message>
    <message>
        <source>zero-bias threshold voltage</source>
        <translation>пороговое напряжение при нулевом смещении подложки</translation>
    </message>
    <message>
        <source>transconductance parameter</source>
        <translation>параметр крутизны</translation>
    </message>
    <message>
        <source>bulk threshold parameter</source>
        <translation>коэффициент влияния подложки на порог</translation>
    </message>
    <message>
        <source>surface potential</source>
        <translation>поверхностный потенциал</translation>
    </message>
    <message>
        <source>channel-length modulation</source>
        <translation>модуляция длины канала</translation>
    </message>
    <message>
        <source>channel width</source>
        <translation>ширина канала</translation>
    </message>
    <message>
        <source>channel length</source>
        <translation>длина канала</translation>
    </message>
    <message>
        <source>lateral diffusion</source>
        <translation>боковая диффузия</translation>
    </message>
    <message>
        <source>drain resistance</source>
        <translation>сопротивление стока</translation>
    </message>
    <message>
        <source>source resistance</source>
        <translation>сопротивление истока</translation>
    </message>
    <message>
        <source>bulk junction saturation current</source>
        <translation>ток насыщения переходов подложки</translation>
    </message>
    <message>
        <source>gate–source overlap capacitance per width</source>
        <translation>ёмкость перекрытия затвор–исток на единицу ширины</translation>
    </message>
    <message>
        <source>gate–drain overlap capacitance per width</source>
        <translation>ёмкость перекрытия затвор–сток на единицу ширины</translation>
    </message>
    <message>
        <source>gate–bulk overlap capacitance per length</source>
        <translation>ёмкость перекрытия затвор–подложка на единицу длины</translation>
    </message>
    <message>
        <source>Voltage-controlled current source</source>
        <translation>Источник тока, управляемый напряжением</translation>
    </message>
    <message>
        <source>transconductance</source>
        <translation>крутизна</translation>
    </message>
    <message>
        <source>Voltage-controlled voltage source</source>
        <translation>Источник напряжения, управляемый напряжением</translation>
    </message>
    <message>
        <source>voltage gain</source>
        <translation>коэффициент усиления по напряжению</translation>
    </message>
    <message>
        <source>forward-bias depletion capacitance coefficient</source>
        <translation>коэффициент барьерной ёмкости при прямом смещении</translation>
    </message>
    <message>
        <source>flicker noise coefficient (base current)</source>
        <translation>коэффициент фликкер-шума (ток базы)</translation>
    </message>
    <message>
        <source>flicker noise exponent</source>
        <translation>показатель степени фликкер-шума</translation>
    </message>
    <message>
        <source>zero-bias junction capacitance</source>
        <translation>ёмкость перехода при нулевом смещении</translation>
    </message>
    <message>
        <source>transit time (diffusion charge TT·i)</source>
        <translation>время пролёта (диффузионный заряд TT·i)</translation>
    </message>
    <message>
        <source>flicker noise corner frequency of the shot noise (0: none)</source>
        <translation>угловая частота фликкер-шума дробового шума (0: нет)</translation>
    </message>
    <message>
        <source>SPICE flicker noise coefficient</source>
        <translation>коэффициент фликкер-шума SPICE</translation>
    </message>
    <message>
        <source>SPICE flicker noise exponent</source>
        <translation>показатель степени фликкер-шума SPICE</translation>
    </message>
    <message>
        <source>Junction FET</source>
        <translation>Полевой транзистор с p-n-переходом</translation>
    </message>
    <message>
        <source>NJF (N-channel) or PJF (P-channel)</source>
        <translation>NJF (n-канал) или PJF (p-канал)</translation>
    </message>
    <message>
        <source>threshold (pinch-off) voltage</source>
        <translation>пороговое напряжение (напряжение отсечки)</translation>
    </message>
    <message>
        <source>doping tail parameter (1: the square law)</source>
        <translation>параметр хвоста легирования (1: квадратичный закон)</translation>
    </message>
    <message>
        <source>gate junction saturation current</source>
        <translation>ток насыщения перехода затвора</translation>
    </message>
    <message>
        <source>gate–source zero-bias junction capacitance</source>
        <translation>ёмкость перехода затвор–исток при нулевом смещении</translation>
    </message>
    <message>
        <source>gate–drain zero-bias junction capacitance</source>
        <translation>ёмкость перехода затвор–сток при нулевом смещении</translation>
    </message>
    <message>
        <source>gate junction potential</source>
        <translation>контактная разность потенциалов перехода затвора</translation>
    </message>
    <message>
        <source>flicker noise coefficient</source>
        <translation>коэффициент фликкер-шума</translation>
    </message>
    <message>
        <source>temperature coefficient of VTO</source>
        <translation>температурный коэффициент VTO</translation>
    </message>
    <message>
        <source>temperature exponent of BETA</source>
        <translation>температурный показатель степени BETA</translation>
    </message>
    <message>
        <source>oxide thickness (sets Cox of the flicker noise only)</source>
        <translation>толщина оксида (задаёт Cox только для фликкер-шума)</translation>
    </message>
</context>
<context>
    <name>ConnectTool</name>
    <message>
        <source>Drag to a port or onto a wire to connect %1</source>
        <translation>Перетащите на порт или на провод, чтобы подключить %1</translation>
    </message>
    <message>
        <source>Connect %1 → %2</source>
        <translation>Соединить %1 → %2</translation>
    </message>
    <message>
        <source>Connected %1 → %2</source>
        <translation>Соединено %1 → %2</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <source>RC low-pass</source>
        <translation>RC-фильтр нижних частот</translation>
    </message>
    <message>
        <source>Electrical</source>
        <translation>Электрические</translation>
    </message>
    <message>
        <source>Closed form</source>
        <translation>Аналитическое решение</translation>
    </message>
    <message>
        <source>RLC resonator</source>
        <translation>RLC-контур</translation>
    </message>
    <message>
        <source>Oscillation</source>
        <translation>Колебания</translation>
    </message>
    <message>
        <source>Diode clipper</source>
        <translation>Диодный ограничитель</translation>
    </message>
    <message>
        <source>Nonlinear</source>
        <translation>Нелинейность</translation>
    </message>
    <message>
        <source>Half-wave rectifier</source>
        <translation>Однополупериодный выпрямитель</translation>
    </message>
    <message>
        <source>Stiff</source>
        <translation>Жёсткая система</translation>
    </message>
    <message>
        <source>DC motor</source>
        <translation>Двигатель постоянного тока</translation>
    </message>
    <message>
        <source>Rotational</source>
        <translation>Вращательные</translation>
    </message>
    <message>
        <source>Multi-domain</source>
        <translation>Разные физические области</translation>
    </message>
    <message>
        <source>Mass, spring and damper</source>
        <translation>Масса, пружина и демпфер</translation>
    </message>
    <message>
        <source>Translational</source>
        <translation>Поступательные</translation>
    </message>
    <message>
        <source>Newton cooling</source>
        <translation>Охлаждение по Ньютону</translation>
    </message>
    <message>
        <source>Thermal</source>
        <translation>Тепловые</translation>
    </message>
    <message>
        <source>Hydraulic accumulator</source>
        <translation>Гидроаккумулятор</translation>
    </message>
    <message>
        <source>Hydraulic</source>
        <translation>Гидравлические</translation>
    </message>
    <message>
        <source>PI control loop</source>
        <translation>Контур ПИ-регулирования</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>Сигнальные</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>Управление</translation>
    </message>
    <message>
        <source>Loop with a transport delay</source>
        <translation>Контур с транспортным запаздыванием</translation>
    </message>
    <message>
        <source>Delay (1/e)</source>
        <translation>Запаздывание (1/e)</translation>
    </message>
    <message>
        <source>Sampled speed control</source>
        <translation>Цифровое регулирование скорости</translation>
    </message>
    <message>
        <source>Discrete (1/z, S&amp;H)</source>
        <translation>Дискретные звенья (1/z, S&amp;H)</translation>
    </message>
    <message>
        <source>Two capacitors and a switch</source>
        <translation>Два конденсатора и ключ</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>События</translation>
    </message>
    <message>
        <source>State projection</source>
        <translation>Проекция состояния</translation>
    </message>
    <message>
        <source>Two shafts and a clutch</source>
        <translation>Два вала и муфта</translation>
    </message>
    <message>
        <source>Planetary gear with a clutch</source>
        <translation>Планетарная передача с муфтой</translation>
    </message>
    <message>
        <source>Mass on a hard stop</source>
        <translation>Масса на жёстком упоре</translation>
    </message>
    <message>
        <source>Bouncing mass</source>
        <translation>Прыгающая масса</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>Контакт</translation>
    </message>
    <message>
        <source>Voltage-controlled resonator</source>
        <translation>Резонатор, управляемый напряжением</translation>
    </message>
    <message>
        <source>Noise envelope</source>
        <translation>Огибающая шума</translation>
    </message>
    <message>
        <source>Brownian resonator</source>
        <translation>Броуновский резонатор</translation>
    </message>
    <message>
        <source>Equipartition</source>
        <translation>Равнораспределение</translation>
    </message>
    <message>
        <source>Diode detector noise</source>
        <translation>Шум диодного детектора</translation>
    </message>
    <message>
        <source>Monte Carlo</source>
        <translation>Монте-Карло</translation>
    </message>
    <message>
        <source>RC noise spectrum</source>
        <translation>Спектр шума RC-цепи</translation>
    </message>
    <message>
        <source>Noise spectrum</source>
        <translation>Спектр шума</translation>
    </message>
    <message>
        <source>K2: ABCD and Bode</source>
        <translation>K2: ABCD и диаграмма Боде</translation>
    </message>
    <message>
        <source>ABCD</source>
        <translation>ABCD</translation>
    </message>
    <message>
        <source>Bode</source>
        <translation>Диаграмма Боде</translation>
    </message>
    <message>
        <source>Pneumatic cylinder</source>
        <translation>Пневмоцилиндр</translation>
    </message>
    <message>
        <source>Pneumatic</source>
        <translation>Пневматические</translation>
    </message>
    <message>
        <source>Chamber pressure noise</source>
        <translation>Шум давления в камере</translation>
    </message>
    <message>
        <source>RC from user components</source>
        <translation>RC из пользовательских компонентов</translation>
    </message>
    <message>
        <source>User components</source>
        <translation>Компоненты пользователя</translation>
    </message>
    <message>
        <source>User capacitors and a switch</source>
        <translation>Пользовательские конденсаторы и ключ</translation>
    </message>
    <message>
        <source>Cubic resistor</source>
        <translation>Кубический резистор</translation>
    </message>
    <message>
        <source>Coulomb friction</source>
        <translation>Кулоново трение</translation>
    </message>
    <message>
        <source>Thermal resistor with noise</source>
        <translation>Тепловое сопротивление с шумом</translation>
    </message>
    <message>
        <source>BJT low-noise amplifier</source>
        <translation>Малошумящий усилитель на биполярном транзисторе</translation>
    </message>
    <message>
        <source>MOSFET common-source stage</source>
        <translation>Каскад с общим истоком на МОП-транзисторе</translation>
    </message>
    <message>
        <source>Op-amp from a subcircuit</source>
        <translation>Операционный усилитель из подсхемы</translation>
    </message>
</context>
<context>
    <name>MoveSegmentTool</name>
    <message>
        <source>Move wire segment</source>
        <translation>Перемещение сегмента провода</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (noisy realisation)</source>
        <translation>%1 (шумовая реализация)</translation>
    </message>
</context>
<context>
    <name>RecoveryPrompts</name>
    <message>
        <source>an untitled model</source>
        <translation>безымянной модели</translation>
    </message>
    <message>
        <source>Recover Unsaved Changes — Kelvin</source>
        <translation>Восстановление несохранённых изменений — Kelvin</translation>
    </message>
    <message>
        <source>Kelvin did not close normally. Unsaved changes to %1 were kept.</source>
        <translation>Kelvin завершился некорректно. Несохранённые изменения в %1 сохранены.</translation>
    </message>
    <message>
        <source>The recovery copy was saved on %1.
Restore it, or discard it for good?</source>
        <translation>Копия для восстановления записана %1.
Восстановить её или удалить навсегда?</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Восстановить</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>File Changed on Disk — Kelvin</source>
        <translation>Файл изменён на диске — Kelvin</translation>
    </message>
    <message>
        <source>%1 was deleted or moved by another program.</source>
        <translation>Файл %1 удалён или перемещён другой программой.</translation>
    </message>
    <message>
        <source>%1 was changed on disk by another program.</source>
        <translation>Файл %1 изменён на диске другой программой.</translation>
    </message>
    <message>
        <source>Keep your version (saving creates the file again), or save it under another name?</source>
        <translation>Оставить вашу версию (при сохранении файл будет создан заново) или сохранить её под другим именем?</translation>
    </message>
    <message>
        <source>Reload the file (your unsaved changes are lost), keep your version (saving writes over the other program&apos;s changes), or save your version under another name?</source>
        <translation>Перезагрузить файл (несохранённые изменения будут потеряны), оставить вашу версию (при сохранении она заменит изменения другой программы) или сохранить вашу версию под другим именем?</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Перезагрузить</translation>
    </message>
    <message>
        <source>&amp;Keep Mine</source>
        <translation>&amp;Оставить мою</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Сохранить &amp;как…</translation>
    </message>
    <message>
        <source>Save — Kelvin</source>
        <translation>Сохранение — Kelvin</translation>
    </message>
    <message>
        <source>%1 was deleted or moved by another program since it was opened.</source>
        <translation>Файл %1 удалён или перемещён другой программой после открытия.</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened or saved.</source>
        <translation>Файл %1 изменён другой программой после открытия или сохранения.</translation>
    </message>
    <message>
        <source>Create it again with your version?</source>
        <translation>Создать его заново с вашей версией?</translation>
    </message>
    <message>
        <source>Write over the other program&apos;s changes with your version?</source>
        <translation>Заменить изменения другой программы вашей версией?</translation>
    </message>
    <message>
        <source>&amp;Create Again</source>
        <translation>&amp;Создать заново</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>&amp;Перезаписать</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>RemoveItemsCommand</name>
    <message numerus="yes">
        <source>Delete %n item(s)</source>
        <translation>
            <numerusform>Удалить %n элемент</numerusform>
            <numerusform>Удалить %n элемента</numerusform>
            <numerusform>Удалить %n элементов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RenameBlockCommand</name>
    <message>
        <source>Rename %1 to %2</source>
        <translation>Переименовать %1 в %2</translation>
    </message>
</context>
<context>
    <name>SampleFile</name>
    <message>
        <source>cannot create a temporary file for the run&apos;s data: %1</source>
        <translation>не удаётся создать временный файл для данных расчёта: %1</translation>
    </message>
    <message>
        <source>cannot write the run&apos;s data to %1: %2</source>
        <translation>не удаётся записать данные расчёта в %1: %2</translation>
    </message>
    <message>
        <source>cannot read the run&apos;s data from %1: %2</source>
        <translation>не удаётся прочитать данные расчёта из %1: %2</translation>
    </message>
</context>
<context>
    <name>ScopeExporter</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удалось записать %1: %2</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Не удалось записать %1</translation>
    </message>
    <message>
        <source>Unknown image format “%1”: use .png, .svg or .pdf</source>
        <translation>Неизвестный формат изображения «%1»: используйте .png, .svg или .pdf</translation>
    </message>
    <message>
        <source>Nothing to export: no run yet</source>
        <translation>Нечего экспортировать: расчёт ещё не выполнялся</translation>
    </message>
    <message>
        <source>Cannot export %1: %2</source>
        <translation>Не удаётся экспортировать %1: %2</translation>
    </message>
</context>
<context>
    <name>SelectTool</name>
    <message>
        <source>Nudge</source>
        <translation>Сдвиг</translation>
    </message>
</context>
<context>
    <name>SetParametersCommand</name>
    <message>
        <source>Set %1.%2 = %3</source>
        <translation>Установить %1.%2 = %3</translation>
    </message>
    <message>
        <source>Set parameters of %1</source>
        <translation>Изменить параметры %1</translation>
    </message>
</context>
<context>
    <name>SetSettingsCommand</name>
    <message>
        <source>Change simulation settings</source>
        <translation>Изменить параметры моделирования</translation>
    </message>
</context>
<context>
    <name>UngroupSubsystemCommand</name>
    <message>
        <source>Ungroup %1</source>
        <translation>Разгруппировать %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui</name>
    <message>
        <source>signal input</source>
        <translation>сигнальный вход</translation>
    </message>
    <message>
        <source>signal output</source>
        <translation>сигнальный выход</translation>
    </message>
    <message>
        <source>electrical pin</source>
        <translation>электрический вывод</translation>
    </message>
    <message>
        <source>rotational flange</source>
        <translation>вращательный фланец</translation>
    </message>
    <message>
        <source>translational flange</source>
        <translation>поступательный фланец</translation>
    </message>
    <message>
        <source>hydraulic port</source>
        <translation>гидравлический порт</translation>
    </message>
    <message>
        <source>thermal port</source>
        <translation>тепловой порт</translation>
    </message>
    <message>
        <source>port</source>
        <translation>порт</translation>
    </message>
    <message>
        <source>pneumatic port</source>
        <translation>пневматический порт</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::AbcdTableWindow</name>
    <message>
        <source>ABCD Identification</source>
        <translation>Идентификация ABCD</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Экспорт…</translation>
    </message>
    <message>
        <source>Copy the selected cells, or the whole table, as tab-separated text</source>
        <translation>Копировать выделенные ячейки или всю таблицу как текст с разделителями-табуляциями</translation>
    </message>
    <message>
        <source>Save the matrix as JSON, CSV or an Octave/MATLAB script</source>
        <translation>Сохранить матрицу в JSON, CSV или как сценарий Octave/MATLAB</translation>
    </message>
    <message>
        <source>Identifying the model at t = %1 s…</source>
        <translation>Идентификация модели при t = %1 с…</translation>
    </message>
    <message>
        <source>The identification failed:
%1</source>
        <translation>Идентификация не удалась:
%1</translation>
    </message>
    <message>
        <source>Combined matrix [A B; C D] at t = %1 s: %2 coordinates, %3 outputs%4.</source>
        <translation>Объединённая матрица [A B; C D] при t = %1 с: координат — %2, выходов — %3%4.</translation>
    </message>
    <message>
        <source>, input %1</source>
        <translation>, вход %1</translation>
    </message>
    <message>
        <source>Finite-difference cross-check (Δ = %1): largest row-relative difference %2.</source>
        <translation>Проверка конечными разностями (Δ = %1): наибольшее относительное по строке расхождение %2.</translation>
    </message>
    <message>
        <source>There is no matrix to export.</source>
        <translation>Нет матрицы для экспорта.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>Export ABCD Matrix</source>
        <translation>Экспорт матрицы ABCD</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV in the K2 layout (*.csv);;Octave/MATLAB script (*.m)</source>
        <translation>JSON (*.json);;CSV в форме K2 (*.csv);;Сценарий Octave/MATLAB (*.m)</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::AnalysisLauncher</name>
    <message>
        <source>Identify &amp;ABCD Here</source>
        <translation>Идентифицировать &amp;ABCD здесь</translation>
    </message>
    <message>
        <source>The combined ABCD matrix of the model at the paused (or last) instant</source>
        <translation>Объединённая матрица ABCD модели в момент паузы (или в последний момент)</translation>
    </message>
    <message>
        <source>&amp;Frequency Response…</source>
        <translation>&amp;Частотная характеристика…</translation>
    </message>
    <message>
        <source>Bode, Nyquist and Mikhailov plots and the poles at the paused (or last) instant</source>
        <translation>Графики Боде, Найквиста и Михайлова и полюса в момент паузы (или в последний момент)</translation>
    </message>
    <message>
        <source>&amp;Noise Spectrum…</source>
        <translation>&amp;Спектр шума…</translation>
    </message>
    <message>
        <source>The noise PSD at each noise sensor and the noise budget at the paused (or last) instant</source>
        <translation>Спектральная плотность шума на каждом датчике шума и бюджет шума в момент паузы (или в последний момент)</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::BreadcrumbBar</name>
    <message>
        <source>The level shown</source>
        <translation>Показанный уровень</translation>
    </message>
    <message>
        <source>Go back to %1</source>
        <translation>Вернуться к %1</translation>
    </message>
    <message>
        <source>model</source>
        <translation>модель</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ComponentEditorDialog</name>
    <message>
        <source>Components</source>
        <translation>Компоненты</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Создать</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Also from files (edit them in a text editor): %1</source>
        <translation>Также из файлов (правьте их в текстовом редакторе): %1</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(без имени)</translation>
    </message>
    <message>
        <source>No component: New starts one from a template.</source>
        <translation>Компонентов нет: «Новый» создаёт компонент по шаблону.</translation>
    </message>
    <message>
        <source>✓ Compiles: use it as user.%1</source>
        <translation>✓ Компилируется: используйте как user.%1</translation>
    </message>
    <message>
        <source>Edit components</source>
        <translation>Правка компонентов</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ConnectionRules</name>
    <message>
        <source>A port cannot be connected to itself</source>
        <translation>Порт нельзя соединить с самим собой</translation>
    </message>
    <message>
        <source>Unknown port %1</source>
        <translation>Неизвестный порт %1</translation>
    </message>
    <message>
        <source>Cannot connect %1 (%2) to %3 (%4): the domains differ</source>
        <translation>Нельзя соединить %1 (%2) с %3 (%4): физические области различаются</translation>
    </message>
    <message>
        <source>%1 and %2 are already connected</source>
        <translation>%1 и %2 уже соединены</translation>
    </message>
    <message>
        <source>Cannot connect two outputs (%1 and %2)</source>
        <translation>Нельзя соединить два выхода (%1 и %2)</translation>
    </message>
    <message>
        <source>Cannot connect two inputs (%1 and %2): an input takes an output</source>
        <translation>Нельзя соединить два входа (%1 и %2): вход подключается к выходу</translation>
    </message>
    <message>
        <source>Input %1 is already driven by %2</source>
        <translation>Вход %1 уже подключён к %2</translation>
    </message>
    <message>
        <source>No such wire</source>
        <translation>Такого провода нет</translation>
    </message>
    <message>
        <source>Unknown port</source>
        <translation>Неизвестный порт</translation>
    </message>
    <message>
        <source>Cannot connect %1 (%2) to a %3 wire: the domains differ</source>
        <translation>Нельзя подключить %1 (%2) к проводу типа «%3»: физические области различаются</translation>
    </message>
    <message>
        <source>%1 is already on this wire</source>
        <translation>%1 уже подключён к этому проводу</translation>
    </message>
    <message>
        <source>This wire has no driver to branch from</source>
        <translation>У этого провода нет источника сигнала, от которого можно сделать ответвление</translation>
    </message>
    <message>
        <source>Cannot connect output %1 to a wire already driven by %2</source>
        <translation>Нельзя подключить выход %1 к проводу, который уже питается от %2</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::DiagnosticsWidget</name>
    <message>
        <source>✓ No problems found: the model is ready to simulate.</source>
        <translation>✓ Проблем не найдено: модель готова к моделированию.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found. Click one to show its block.</source>
        <translation>
            <numerusform>Найдена %n проблема. Щёлкните по ней, чтобы показать блок.</numerusform>
            <numerusform>Найдено %n проблемы. Щёлкните по одной из них, чтобы показать блок.</numerusform>
            <numerusform>Найдено %n проблем. Щёлкните по одной из них, чтобы показать блок.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model can run, with %n warning(s). Click one to show its block.</source>
        <translation>
            <numerusform>Модель можно запустить, есть %n предупреждение. Щёлкните по нему, чтобы показать блок.</numerusform>
            <numerusform>Модель можно запустить, есть %n предупреждения. Щёлкните по одному, чтобы показать блок.</numerusform>
            <numerusform>Модель можно запустить, есть %n предупреждений. Щёлкните по одному, чтобы показать блок.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✓ No problems found: the model is ready to simulate (%n note(s) below).</source>
        <translation>
            <numerusform>✓ Проблем не найдено: модель готова к моделированию (ниже %n примечание).</numerusform>
            <numerusform>✓ Проблем не найдено: модель готова к моделированию (ниже %n примечания).</numerusform>
            <numerusform>✓ Проблем не найдено: модель готова к моделированию (ниже %n примечаний).</numerusform>
        </translation>
    </message>
    <message>
        <source>Validate the model (F7) to list its problems.</source>
        <translation>Проверьте модель (F7), чтобы увидеть её проблемы.</translation>
    </message>
    <message numerus="yes">
        <source>The run failed: %n problem(s). Click one to show its block.</source>
        <translation>
            <numerusform>Запуск не удался: %n проблема. Щёлкните, чтобы показать её блок.</numerusform>
            <numerusform>Запуск не удался: %n проблемы. Щёлкните по одной, чтобы показать её блок.</numerusform>
            <numerusform>Запуск не удался: %n проблем. Щёлкните по одной, чтобы показать её блок.</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking the model…</source>
        <translation>Проверка модели…</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::DiagramEditor</name>
    <message>
        <source>Unknown block type %1</source>
        <translation>Неизвестный тип блока %1</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>Добавить %1</translation>
    </message>
    <message>
        <source>Added %1 (%2)</source>
        <translation>Добавлен %1 (%2)</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Поворот</translation>
    </message>
    <message>
        <source>Rotate counter-clockwise</source>
        <translation>Поворот против часовой стрелки</translation>
    </message>
    <message>
        <source>Flip</source>
        <translation>Отражение</translation>
    </message>
    <message>
        <source>Cut</source>
        <translation>Вырезать</translation>
    </message>
    <message>
        <source>The clipboard holds no blocks</source>
        <translation>В буфере обмена нет блоков</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Вставить</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Дублировать</translation>
    </message>
    <message>
        <source>Select two or more blocks to align</source>
        <translation>Выделите два блока или больше, чтобы выровнять их</translation>
    </message>
    <message>
        <source>Align</source>
        <translation>Выравнивание</translation>
    </message>
    <message>
        <source>Select the blocks to group into a subsystem</source>
        <translation>Выделите блоки, которые нужно сгруппировать в подсистему</translation>
    </message>
    <message>
        <source>Select one subsystem to ungroup</source>
        <translation>Выделите одну подсистему, чтобы разгруппировать её</translation>
    </message>
    <message>
        <source>%1 has parameters that its blocks use; it cannot be ungrouped</source>
        <translation>У %1 есть параметры, которые используют её блоки; её нельзя разгруппировать</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::DiagramScene</name>
    <message>
        <source>Move %1</source>
        <translation>Переместить %1</translation>
    </message>
    <message numerus="yes">
        <source>Move %n items</source>
        <translation>
            <numerusform>Переместить %n элемент</numerusform>
            <numerusform>Переместить %n элемента</numerusform>
            <numerusform>Переместить %n элементов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ExampleGallery</name>
    <message>
        <source>Examples</source>
        <translation>Примеры</translation>
    </message>
    <message>
        <source>Show at startup</source>
        <translation>Показывать при запуске</translation>
    </message>
    <message>
        <source>Open an example to see what Kelvin can do; each one is ready to run.</source>
        <translation>Откройте пример, чтобы увидеть возможности Kelvin; каждый готов к запуску.</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::FrequencyWindow</name>
    <message>
        <source>Frequency Response</source>
        <translation>Частотная характеристика</translation>
    </message>
    <message>
        <source>Lowest frequency in Hz; SI prefixes allowed (10m, 1k)</source>
        <translation>Нижняя частота в Гц; допускаются приставки СИ (10m, 1k)</translation>
    </message>
    <message>
        <source>Highest frequency in Hz; SI prefixes allowed (10m, 1k)</source>
        <translation>Верхняя частота в Гц; допускаются приставки СИ (10m, 1k)</translation>
    </message>
    <message>
        <source>SIMO W1/W2: the output whose transfer is shown</source>
        <translation>SIMO W1/W2: выход, передаточная функция которого показана</translation>
    </message>
    <message>
        <source>SIMO W1/W2: the transfer W1 is divided by (the same output: W1 alone)</source>
        <translation>SIMO W1/W2: передаточная функция, на которую делится W1 (тот же выход — W1 сама по себе)</translation>
    </message>
    <message>
        <source>W1:</source>
        <translation>W1:</translation>
    </message>
    <message>
        <source>/ W2:</source>
        <translation>/ W2:</translation>
    </message>
    <message>
        <source>From (Hz):</source>
        <translation>От (Гц):</translation>
    </message>
    <message>
        <source>to (Hz):</source>
        <translation>до (Гц):</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>Точек:</translation>
    </message>
    <message>
        <source>Bode</source>
        <translation>Боде</translation>
    </message>
    <message>
        <source>Nyquist</source>
        <translation>Найквист</translation>
    </message>
    <message>
        <source>Mikhailov</source>
        <translation>Михайлов</translation>
    </message>
    <message>
        <source>Poles</source>
        <translation>Полюса</translation>
    </message>
    <message>
        <source>Magnitude (dB)</source>
        <translation>Амплитуда (дБ)</translation>
    </message>
    <message>
        <source>Phase (°)</source>
        <translation>Фаза (°)</translation>
    </message>
    <message>
        <source>Frequency (Hz)</source>
        <translation>Частота (Гц)</translation>
    </message>
    <message>
        <source>Re</source>
        <translation>Re</translation>
    </message>
    <message>
        <source>Im</source>
        <translation>Im</translation>
    </message>
    <message>
        <source>Identifying the model at t = %1 s…</source>
        <translation>Идентификация модели при t = %1 с…</translation>
    </message>
    <message>
        <source>The identification failed:
%1</source>
        <translation>Идентификация не удалась:
%1</translation>
    </message>
    <message>
        <source>No frequency response: %1</source>
        <translation>Частотной характеристики нет: %1</translation>
    </message>
    <message>
        <source>Give a range 0 &lt; from &lt; to (Hz).</source>
        <translation>Задайте диапазон 0 &lt; от &lt; до (Гц).</translation>
    </message>
    <message>
        <source>Linearised at t = %1 s.</source>
        <translation>Линеаризовано при t = %1 с.</translation>
    </message>
    <message>
        <source>Showing W%1.</source>
        <translation>Показана W%1.</translation>
    </message>
    <message>
        <source>Showing W%1/W%2.</source>
        <translation>Показана W%1/W%2.</translation>
    </message>
    <message numerus="yes">
        <source>%n frequencies skipped (a pole on the axis or W2 = 0).</source>
        <translation>
            <numerusform>Пропущена %n частота (полюс на оси или W2 = 0).</numerusform>
            <numerusform>Пропущены %n частоты (полюс на оси или W2 = 0).</numerusform>
            <numerusform>Пропущено %n частот (полюс на оси или W2 = 0).</numerusform>
        </translation>
    </message>
    <message>
        <source>The phase jumps by up to %1° between points: use more points.</source>
        <translation>Фаза скачет между точками до %1°: возьмите больше точек.</translation>
    </message>
    <message>
        <source>Bode and Nyquist need an analysis.Inp and an analysis.Out marker; the Mikhailov hodograph and the poles do not.</source>
        <translation>Для графиков Боде и Найквиста нужны маркеры analysis.Inp и analysis.Out; годографу Михайлова и полюсам они не нужны.</translation>
    </message>
    <message>
        <source>W%1</source>
        <translation>W%1</translation>
    </message>
    <message>
        <source>W%1/W%2</source>
        <translation>W%1/W%2</translation>
    </message>
    <message>
        <source>D(ω) = det([ω] − A)</source>
        <translation>D(ω) = det([ω] − A)</translation>
    </message>
    <message>
        <source>&amp;Defaults</source>
        <translation>По &amp;умолчанию</translation>
    </message>
    <message>
        <source>The range from the poles and sample rates of the model</source>
        <translation>Диапазон по полюсам и частотам дискретизации модели</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>&amp;Экспорт CSV…</translation>
    </message>
    <message>
        <source>Save the sweep shown as CSV (freq_hz, re, im, mag_db, phase_deg)</source>
        <translation>Сохранить показанную характеристику в CSV (freq_hz, re, im, mag_db, phase_deg)</translation>
    </message>
    <message>
        <source>Nothing to export: no sweep yet</source>
        <translation>Нечего экспортировать: характеристика ещё не рассчитана</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>Export Frequency Response</source>
        <translation>Экспорт частотной характеристики</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Computing the frequency response: %1 of %2 frequencies…</source>
        <translation>Расчёт частотной характеристики: %1 из %2 частот…</translation>
    </message>
    <message>
        <source>The frequency response failed:
%1</source>
        <translation>Частотную характеристику рассчитать не удалось:
%1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::InspectorWidget</name>
    <message>
        <source>Select a block to see its parameters.</source>
        <translation>Выделите блок, чтобы увидеть его параметры.</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>The new language will be used the next time Kelvin starts.</source>
        <translation>Новый язык будет использован при следующем запуске Kelvin.</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::MainWindow</name>
    <message>
        <source>Kelvin models (*.kelvin);;All files (*)</source>
        <translation>Модели Kelvin (*.kelvin);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Библиотека</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Свойства</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Переменные</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;открыто&gt;</translation>
    </message>
    <message>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Проблемы</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Создать</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>Со&amp;хранить</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Сохранить &amp;как…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Отменить</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Повторить</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Вырезать</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>Вст&amp;авить</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>&amp;Дублировать</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>Выделить &amp;всё</translation>
    </message>
    <message>
        <source>&amp;Rotate</source>
        <translation>&amp;Повернуть</translation>
    </message>
    <message>
        <source>Rotate &amp;Counter-clockwise</source>
        <translation>Повернуть против &amp;часовой стрелки</translation>
    </message>
    <message>
        <source>&amp;Flip</source>
        <translation>&amp;Отразить</translation>
    </message>
    <message>
        <source>Align &amp;Left</source>
        <translation>По &amp;левому краю</translation>
    </message>
    <message>
        <source>Align &amp;Centres</source>
        <translation>По &amp;центрам</translation>
    </message>
    <message>
        <source>Align &amp;Right</source>
        <translation>По &amp;правому краю</translation>
    </message>
    <message>
        <source>Align &amp;Top</source>
        <translation>По &amp;верхнему краю</translation>
    </message>
    <message>
        <source>Align &amp;Middles</source>
        <translation>По се&amp;редине</translation>
    </message>
    <message>
        <source>Align &amp;Bottom</source>
        <translation>По &amp;нижнему краю</translation>
    </message>
    <message>
        <source>&amp;Group into Subsystem</source>
        <translation>&amp;Сгруппировать в подсистему</translation>
    </message>
    <message>
        <source>U&amp;ngroup Subsystem</source>
        <translation>&amp;Разгруппировать подсистему</translation>
    </message>
    <message>
        <source>&amp;Open Subsystem</source>
        <translation>&amp;Открыть подсистему</translation>
    </message>
    <message>
        <source>Go to &amp;Parent</source>
        <translation>На уровень &amp;выше</translation>
    </message>
    <message>
        <source>&amp;Insert Block…</source>
        <translation>&amp;Вставить блок…</translation>
    </message>
    <message>
        <source>&amp;Parameters…</source>
        <translation>&amp;Параметры…</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Увеличить</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>&amp;Уменьшить</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>&amp;По размеру окна</translation>
    </message>
    <message>
        <source>Actual &amp;Size (100 %)</source>
        <translation>&amp;Реальный размер (100 %)</translation>
    </message>
    <message>
        <source>&amp;Snap to Grid</source>
        <translation>&amp;Привязка к сетке</translation>
    </message>
    <message>
        <source>Show &amp;Grid</source>
        <translation>Показать &amp;сетку</translation>
    </message>
    <message>
        <source>&amp;Validate Model</source>
        <translation>&amp;Проверить модель</translation>
    </message>
    <message>
        <source>Simulation &amp;Settings…</source>
        <translation>&amp;Параметры моделирования…</translation>
    </message>
    <message>
        <source>&amp;About Kelvin</source>
        <translation>&amp;О программе Kelvin</translation>
    </message>
    <message>
        <source>&amp;Examples…</source>
        <translation>&amp;Примеры…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>A&amp;lign</source>
        <translation>&amp;Выровнять</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Моделирование</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная</translation>
    </message>
    <message>
        <source>Cannot open %1.</source>
        <translation>Не удаётся открыть %1.</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Открыт файл %1</translation>
    </message>
    <message>
        <source>Cannot save %1.</source>
        <translation>Не удаётся сохранить %1.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Сохранено: %1</translation>
    </message>
    <message>
        <source>Kelvin</source>
        <translation>Kelvin</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>В %1 есть несохранённые изменения. Сохранить их?</translation>
    </message>
    <message>
        <source>New model</source>
        <translation>Новая модель</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Открыть модель</translation>
    </message>
    <message>
        <source>Save Model As</source>
        <translation>Сохранить модель как</translation>
    </message>
    <message>
        <source>About Kelvin</source>
        <translation>О программе Kelvin</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Kelvin %1&lt;/h3&gt;&lt;p&gt;Block diagrams and physical networks — electrical, mechanical, hydraulic, pneumatic, thermal — in one model, simulated by an equation-based engine.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Kelvin %1&lt;/h3&gt;&lt;p&gt;Структурные схемы и физические цепи — электрические, механические, гидравлические, пневматические, тепловые — в одной модели, моделируемой на основе уравнений.&lt;/p&gt;&lt;p&gt;Собрано с Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1[*] — Kelvin</source>
        <translation>%1[*] — Kelvin</translation>
    </message>
    <message>
        <source>&amp;Import SPICE Netlist…</source>
        <translation>&amp;Импорт списка соединений SPICE…</translation>
    </message>
    <message>
        <source>Import SPICE Netlist</source>
        <translation>Импорт списка соединений SPICE</translation>
    </message>
    <message>
        <source>SPICE netlists (*.cir *.sp *.spice *.net);;All files (*)</source>
        <translation>Списки соединений SPICE (*.cir *.sp *.spice *.net);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Cannot import %1.</source>
        <translation>Не удаётся импортировать %1.</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 — %n note(s), see Problems</source>
        <translation>
            <numerusform>Импортирован файл %1 — %n замечание, см. «Проблемы»</numerusform>
            <numerusform>Импортирован файл %1 — %n замечания, см. «Проблемы»</numerusform>
            <numerusform>Импортирован файл %1 — %n замечаний, см. «Проблемы»</numerusform>
        </translation>
    </message>
    <message>
        <source>The model has problems: see Problems</source>
        <translation>В модели есть проблемы: см. «Проблемы»</translation>
    </message>
    <message>
        <source>Show &amp;Partition</source>
        <translation>Показать &amp;разбиение</translation>
    </message>
    <message>
        <source>Tint the blocks of linear portions of the network blue and nonlinear ones orange</source>
        <translation>Окрасить блоки линейных частей цепи синим, а нелинейных — оранжевым</translation>
    </message>
    <message>
        <source>&amp;Components…</source>
        <translation>&amp;Компоненты…</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Модель</translation>
    </message>
    <message>
        <source>Checking the model…</source>
        <translation>Проверка модели…</translation>
    </message>
    <message>
        <source>The model is valid: ready to simulate</source>
        <translation>Модель корректна: готова к моделированию</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found, see Problems</source>
        <translation>
            <numerusform>Найдена %n проблема, см. «Проблемы»</numerusform>
            <numerusform>Найдено %n проблемы, см. «Проблемы»</numerusform>
            <numerusform>Найдено %n проблем, см. «Проблемы»</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot restore the recovery copy %1.</source>
        <translation>Не удаётся восстановить копию %1.</translation>
    </message>
    <message>
        <source>Restored the unsaved changes to %1</source>
        <translation>Несохранённые изменения в %1 восстановлены</translation>
    </message>
    <message>
        <source>DC operating point solved</source>
        <translation>Рабочая точка по постоянному току найдена</translation>
    </message>
    <message>
        <source>No DC operating point: %1</source>
        <translation>Нет рабочей точки по постоянному току: %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ModelDocument</name>
    <message>
        <source>Untitled</source>
        <translation>Без имени</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::NoiseSpectrumWindow</name>
    <message>
        <source>Noise Spectrum</source>
        <translation>Спектр шума</translation>
    </message>
    <message>
        <source>Frequency (Hz)</source>
        <translation>Частота (Гц)</translation>
    </message>
    <message>
        <source>PSD (unit²/Hz)</source>
        <translation>СПМ (ед.²/Гц)</translation>
    </message>
    <message>
        <source>Noise budget of:</source>
        <translation>Бюджет шума для:</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Variance (unit²)</source>
        <translation>Дисперсия (ед.²)</translation>
    </message>
    <message>
        <source>RMS</source>
        <translation>СКЗ</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Доля</translation>
    </message>
    <message>
        <source>Computing the noise spectrum at t = %1 s…</source>
        <translation>Расчёт спектра шума при t = %1 с…</translation>
    </message>
    <message>
        <source>The noise analysis failed:
%1</source>
        <translation>Анализ шума не удался:
%1</translation>
    </message>
    <message>
        <source>&amp;Refine</source>
        <translation>У&amp;точнять</translation>
    </message>
    <message>
        <source>Lowest frequency in Hz; SI prefixes allowed (10m, 1k)</source>
        <translation>Нижняя частота в Гц; допускаются приставки СИ (10m, 1k)</translation>
    </message>
    <message>
        <source>Highest frequency in Hz; SI prefixes allowed (10m, 1k)</source>
        <translation>Верхняя частота в Гц; допускаются приставки СИ (10m, 1k)</translation>
    </message>
    <message>
        <source>Log-spaced frequencies before refinement</source>
        <translation>Число логарифмически равномерных частот до уточнения</translation>
    </message>
    <message>
        <source>Add points around the resonances and where the PSD curves until the integral is within 1e-5</source>
        <translation>Добавлять точки вокруг резонансов и там, где СПМ изгибается, пока погрешность интеграла не станет меньше 1e-5</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Применить</translation>
    </message>
    <message>
        <source>&amp;Defaults</source>
        <translation>По &amp;умолчанию</translation>
    </message>
    <message>
        <source>The band and points from the poles of the model</source>
        <translation>Полоса и число точек по полюсам модели</translation>
    </message>
    <message>
        <source>From (Hz):</source>
        <translation>От (Гц):</translation>
    </message>
    <message>
        <source>to (Hz):</source>
        <translation>до (Гц):</translation>
    </message>
    <message>
        <source>Points:</source>
        <translation>Точек:</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>&amp;Экспорт CSV…</translation>
    </message>
    <message>
        <source>Save the PSD of every sensor as CSV (freq_hz, &lt;sensor&gt;.psd)</source>
        <translation>Сохранить СПМ каждого датчика в CSV (freq_hz, &lt;датчик&gt;.psd)</translation>
    </message>
    <message>
        <source>Nothing to export: no spectrum yet</source>
        <translation>Нечего экспортировать: спектр ещё не рассчитан</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>Export Noise Spectrum</source>
        <translation>Экспорт спектра шума</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>One-sided noise PSD at the operating point of t = %1 s, %2 – %3 Hz, %4 frequencies (%5).</source>
        <translation>Односторонняя СПМ шума в рабочей точке при t = %1 с, %2 – %3 Гц, частот: %4 (%5).</translation>
    </message>
    <message>
        <source>%1 log-spaced, refined</source>
        <translation>%1 логарифмически равномерных, с уточнением</translation>
    </message>
    <message>
        <source>log-spaced, not refined</source>
        <translation>логарифмически равномерные, без уточнения</translation>
    </message>
    <message>
        <source>integrated %1 unit², rms %2 (estimated error %3)</source>
        <translation>в полосе %1 ед.², СКЗ %2 (оценка погрешности %3)</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::OperatingPointAnnotations</name>
    <message>
        <source> (before the last edit: solve again)</source>
        <translation> (до последней правки: рассчитайте заново)</translation>
    </message>
    <message>
        <source>%1 = %2 %3</source>
        <translation>%1 = %2 %3</translation>
    </message>
    <message>
        <source>%1.%2 → %1.%3: %4 %5</source>
        <translation>%1.%2 → %1.%3: %4 %5</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::OperatingPointLauncher</name>
    <message>
        <source>Op&amp;erating Point</source>
        <translation>Р&amp;абочая точка</translation>
    </message>
    <message>
        <source>Show Operating Point &amp;Values</source>
        <translation>Показывать &amp;значения рабочей точки</translation>
    </message>
    <message>
        <source>Operating Point</source>
        <translation>Рабочая точка</translation>
    </message>
    <message>
        <source>Solve the DC operating point and show its values on the canvas and in a table</source>
        <translation>Рассчитать рабочую точку по постоянному току и показать её значения на схеме и в таблице</translation>
    </message>
    <message>
        <source>Show the values of the last operating point on the canvas</source>
        <translation>Показывать на схеме значения последней рассчитанной рабочей точки</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::OperatingPointTable</name>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>&amp;Экспорт CSV…</translation>
    </message>
    <message>
        <source>Filter signals</source>
        <translation>Фильтр сигналов</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>Сигнал</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
    <message>
        <source>Copy the selected rows (or all shown) as CSV</source>
        <translation>Копировать выделенные строки (или все показанные) в формате CSV</translation>
    </message>
    <message>
        <source>Simulation ▸ Operating Point (F8) solves the DC operating point.</source>
        <translation>Моделирование ▸ Рабочая точка (F8) рассчитывает рабочую точку по постоянному току.</translation>
    </message>
    <message numerus="yes">
        <source>DC operating point: %n value(s).</source>
        <translation>
            <numerusform>Рабочая точка по постоянному току: %n значение.</numerusform>
            <numerusform>Рабочая точка по постоянному току: %n значения.</numerusform>
            <numerusform>Рабочая точка по постоянному току: %n значений.</numerusform>
        </translation>
    </message>
    <message>
        <source>Solving the DC operating point…</source>
        <translation>Расчёт рабочей точки по постоянному току…</translation>
    </message>
    <message>
        <source>No DC operating point:
%1</source>
        <translation>Нет рабочей точки по постоянному току:
%1</translation>
    </message>
    <message>
        <source>The model has changed since: solve again (F8).</source>
        <translation>С тех пор модель изменилась: рассчитайте заново (F8).</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>Export Operating Point</source>
        <translation>Экспорт рабочей точки</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::PaletteWidget</name>
    <message>
        <source>Search blocks…</source>
        <translation>Поиск блоков…</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ParameterDialog</name>
    <message>
        <source>Parameters of %1</source>
        <translation>Параметры %1</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>Изменить %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ParameterForm</name>
    <message>
        <source>A value is required</source>
        <translation>Требуется значение</translation>
    </message>
    <message>
        <source>%1 is out of range: must be %2</source>
        <translation>%1 вне допустимого диапазона: должно быть %2</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>должно быть целым числом</translation>
    </message>
    <message numerus="yes">
        <source>= %n value(s)</source>
        <translation>
            <numerusform>= %n значение</numerusform>
            <numerusform>= %n значения</numerusform>
            <numerusform>= %n значений</numerusform>
        </translation>
    </message>
    <message>
        <source>Subsystem</source>
        <translation>Подсистема</translation>
    </message>
    <message>
        <source>Double-click to open it.</source>
        <translation>Дважды щёлкните, чтобы открыть.</translation>
    </message>
    <message>
        <source>Unknown block type.</source>
        <translation>Неизвестный тип блока.</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>An id starts with a letter or &apos;_&apos; and has only letters, digits and &apos;_&apos;</source>
        <translation>Имя начинается с буквы или &apos;_&apos; и содержит только буквы, цифры и &apos;_&apos;</translation>
    </message>
    <message>
        <source>%1 is already used by another block</source>
        <translation>Имя %1 уже занято другим блоком</translation>
    </message>
    <message>
        <source>%1 — not applied; Esc reverts</source>
        <translation>%1 — не применено; Esc возвращает прежнее значение</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::PartitionOverlay</name>
    <message>
        <source>Linear portion</source>
        <translation>Линейная часть</translation>
    </message>
    <message>
        <source>Nonlinear portion</source>
        <translation>Нелинейная часть</translation>
    </message>
    <message>
        <source>No port noise by Bosma&apos;s theorem: %1</source>
        <translation>Шум на портах по теореме Босмы не определён: %1</translation>
    </message>
    <message>
        <source>Noise at the ports: C_s = kT(I − SS†) at %1 Hz, z0 = %2, in W/Hz</source>
        <translation>Шум на портах: C_s = kT(I − SS†) на частоте %1 Гц, z0 = %2, в Вт/Гц</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::PolePlot</name>
    <message>
        <source>Re (1/s)</source>
        <translation>Re (1/с)</translation>
    </message>
    <message>
        <source>Im (1/s)</source>
        <translation>Im (1/с)</translation>
    </message>
    <message>
        <source>Poles</source>
        <translation>Полюса</translation>
    </message>
    <message>
        <source>No poles.</source>
        <translation>Полюсов нет.</translation>
    </message>
    <message>
        <source>Poles: %1</source>
        <translation>Полюса: %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::QuickInsertBox</name>
    <message>
        <source>Insert:</source>
        <translation>Вставить:</translation>
    </message>
    <message>
        <source>block name, e.g. resistor</source>
        <translation>название блока, например resistor</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::RecentFilesMenu</name>
    <message>
        <source>&amp;Recent Files</source>
        <translation>&amp;Недавние файлы</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>&amp;Очистить список</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::RunHistory</name>
    <message>
        <source>Run %1</source>
        <translation>Расчёт %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::RunStatusWidget</name>
    <message>
        <source>Compiling…</source>
        <translation>Компиляция…</translation>
    </message>
    <message>
        <source>t = %1 s of %2 s, %3× real time</source>
        <translation>t = %1 с из %2 с, %3× реального времени</translation>
    </message>
    <message>
        <source>Finished at t = %1 s (%2 steps, %3 events)</source>
        <translation>Завершено при t = %1 с (%2 шагов, %3 событий)</translation>
    </message>
    <message>
        <source>Stopped at t = %1 s</source>
        <translation>Остановлено при t = %1 с</translation>
    </message>
    <message>
        <source>Failed: see Problems</source>
        <translation>Ошибка: см. «Проблемы»</translation>
    </message>
    <message>
        <source>Failed at t = %1 s: see Problems</source>
        <translation>Ошибка при t = %1 с: см. «Проблемы»</translation>
    </message>
    <message>
        <source>Stopped before the simulation started</source>
        <translation>Остановлено до начала моделирования</translation>
    </message>
    <message>
        <source>Stepped to t = %1 s of %2 s — paused (F10: step, Shift+F6: resume)</source>
        <translation>Шаг до t = %1 с из %2 с — пауза (F10: шаг, Shift+F6: продолжить)</translation>
    </message>
    <message>
        <source>Paused at t = %1 s of %2 s (F10: step, Shift+F6: resume)</source>
        <translation>Пауза при t = %1 с из %2 с (F10: шаг, Shift+F6: продолжить)</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ScopeManager</name>
    <message>
        <source>Signals %1</source>
        <translation>Сигналы %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ScopeWidget</name>
    <message>
        <source>Time (s)</source>
        <translation>Время (с)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: min %2, max %3, RMS %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: мин %2, макс %3, СКЗ %4</translation>
    </message>
    <message>
        <source>t1 = %1 s, t2 = %2 s, Δt = %3 s, 1/Δt = %4 Hz; y1 = %5, y2 = %6, Δy = %7</source>
        <translation>t1 = %1 с, t2 = %2 с, Δt = %3 с, 1/Δt = %4 Гц; y1 = %5, y2 = %6, Δy = %7</translation>
    </message>
    <message>
        <source>%1(t1) = %2</source>
        <translation>%1(t1) = %2</translation>
    </message>
    <message>
        <source>, σ = %1</source>
        <translation>, σ = %1</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::ScopeWindow</name>
    <message>
        <source>Autoscale</source>
        <translation>Автомасштаб</translation>
    </message>
    <message>
        <source>Zoom both</source>
        <translation>Масштаб по обеим осям</translation>
    </message>
    <message>
        <source>Zoom time</source>
        <translation>Масштаб по времени</translation>
    </message>
    <message>
        <source>Zoom value</source>
        <translation>Масштаб по значению</translation>
    </message>
    <message>
        <source>Log t</source>
        <translation>Лог. t</translation>
    </message>
    <message>
        <source>Log y</source>
        <translation>Лог. y</translation>
    </message>
    <message>
        <source>Overlay previous</source>
        <translation>Наложить предыдущий</translation>
    </message>
    <message>
        <source>Cursors</source>
        <translation>Курсоры</translation>
    </message>
    <message>
        <source> band ±kσ, k = </source>
        <translation> полоса ±kσ, k = </translation>
    </message>
    <message>
        <source>Noisy trace</source>
        <translation>Шумовая реализация</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>Экспорт изображения…</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Экспорт CSV…</translation>
    </message>
    <message>
        <source>Export Plot</source>
        <translation>Экспорт графика</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>Изображение PNG (*.png);;Рисунок SVG (*.svg);;Документ PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export Data</source>
        <translation>Экспорт данных</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Signals</source>
        <translation>Сигналы</translation>
    </message>
    <message>
        <source>Choose the signals this scope plots</source>
        <translation>Выбрать сигналы, которые показывает осциллограф</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::SettingsDialog</name>
    <message>
        <source>Project states at constraint changes</source>
        <translation>Проецировать состояние при смене связей</translation>
    </message>
    <message>
        <source>Simulation Settings</source>
        <translation>Параметры моделирования</translation>
    </message>
    <message>
        <source>IDA (variable step)</source>
        <translation>IDA (переменный шаг)</translation>
    </message>
    <message>
        <source>Implicit Euler</source>
        <translation>Неявный метод Эйлера</translation>
    </message>
    <message>
        <source>Trapezoidal</source>
        <translation>Метод трапеций</translation>
    </message>
    <message>
        <source>BDF2</source>
        <translation>BDF2</translation>
    </message>
    <message>
        <source>every accepted step</source>
        <translation>каждый принятый шаг</translation>
    </message>
    <message>
        <source>Stop time (s)</source>
        <translation>Время окончания (с)</translation>
    </message>
    <message>
        <source>Solver</source>
        <translation>Решатель</translation>
    </message>
    <message>
        <source>Relative tolerance</source>
        <translation>Относительная погрешность</translation>
    </message>
    <message>
        <source>Absolute tolerance</source>
        <translation>Абсолютная погрешность</translation>
    </message>
    <message>
        <source>Step / output interval (s)</source>
        <translation>Шаг / интервал вывода (с)</translation>
    </message>
    <message>
        <source>Temperature (K)</source>
        <translation>Температура (К)</translation>
    </message>
    <message>
        <source>Noise envelope along the transient (mean ± kσ)</source>
        <translation>Огибающая шума вдоль переходного процесса (среднее ± kσ)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Noise</source>
        <translation>Шум</translation>
    </message>
    <message>
        <source>Re-linearisation tolerance</source>
        <translation>Допуск повторной линеаризации</translation>
    </message>
    <message>
        <source>Monte Carlo runs</source>
        <translation>Число прогонов Монте-Карло</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>Начальное значение генератора</translation>
    </message>
    <message>
        <source>Band half-width k (σ)</source>
        <translation>Полуширина полосы k (σ)</translation>
    </message>
    <message>
        <source>Element sources</source>
        <translation>Источники элементов</translation>
    </message>
    <message>
        <source>Portion ports (Bosma)</source>
        <translation>Порты частей (Босма)</translation>
    </message>
    <message>
        <source>Noise sources</source>
        <translation>Источники шума</translation>
    </message>
    <message>
        <source>Times, tolerances, the temperature and k must be positive numbers.</source>
        <translation>Времена, допуски, температура и k должны быть положительными числами.</translation>
    </message>
    <message>
        <source>Initial conditions of the blocks (ic)</source>
        <translation>Начальные условия блоков (ic)</translation>
    </message>
    <message>
        <source>DC operating point</source>
        <translation>Рабочая точка по постоянному току</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>Начинать с</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::SignalChooser</name>
    <message>
        <source>Filter signals</source>
        <translation>Фильтр сигналов</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::SimulationSession</name>
    <message>
        <source>The running simulation uses the model as it was when you pressed Run; your edits apply to the next run.</source>
        <translation>Идущий расчёт использует модель в том виде, в каком она была при нажатии «Пуск»; ваши правки будут учтены в следующем расчёте.</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Пуск</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>П&amp;ауза</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>П&amp;родолжить</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>&amp;Шаг</translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation>&amp;Стоп</translation>
    </message>
    <message>
        <source>New S&amp;cope</source>
        <translation>Новый &amp;осциллограф</translation>
    </message>
    <message>
        <source>Run the simulation (F5)</source>
        <translation>Запустить расчёт (F5)</translation>
    </message>
    <message>
        <source>While paused: advance by one output sample (F10)</source>
        <translation>На паузе: продвинуться на один выходной отсчёт (F10)</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::SweepDialog</name>
    <message>
        <source>Parameter Sweep</source>
        <translation>Перебор параметров</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Параметр</translation>
    </message>
    <message>
        <source>Values or distribution</source>
        <translation>Значения или распределение</translation>
    </message>
    <message>
        <source>Values: 1k, 2.2k, 4.7k or lin(a,b,n) or log(a,b,n). Distributions (Monte Carlo): normal(mean,sd) with sd in units or %, uniform(a,b).</source>
        <translation>Значения: 1k, 2.2k, 4.7k или lin(a,b,n), или log(a,b,n). Распределения (Монте-Карло): normal(среднее,ско) с ско в единицах или в %, uniform(a,b).</translation>
    </message>
    <message>
        <source>Add Parameter</source>
        <translation>Добавить параметр</translation>
    </message>
    <message>
        <source>Remove Parameter</source>
        <translation>Удалить параметр</translation>
    </message>
    <message>
        <source>One per line, NAME=EXPR, e.g.
v1=at(C1.v, 1m)
t50=crossing(C1.v, 0.5)
Functions: at(S,T) final(S) max(S) min(S) mean(S) rms(S) crossing(S,L)</source>
        <translation>По одному в строке, ИМЯ=ВЫРАЖЕНИЕ, например
v1=at(C1.v, 1m)
t50=crossing(C1.v, 0.5)
Функции: at(S,T) final(S) max(S) min(S) mean(S) rms(S) crossing(S,L)</translation>
    </message>
    <message>
        <source>Monte Carlo runs (for distributions):</source>
        <translation>Прогонов Монте-Карло (для распределений):</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Начальное число:</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Потоков:</translation>
    </message>
    <message>
        <source>Measures:</source>
        <translation>Показатели:</translation>
    </message>
    <message>
        <source>Run Sweep</source>
        <translation>Запустить перебор</translation>
    </message>
    <message>
        <source>Add a parameter and its values or distribution.</source>
        <translation>Добавьте параметр и его значения или распределение.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n прогон</numerusform>
            <numerusform>%n прогона</numerusform>
            <numerusform>%n прогонов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kelvin::gui::SweepLauncher</name>
    <message>
        <source>S&amp;weep…</source>
        <translation>&amp;Перебор параметров…</translation>
    </message>
    <message>
        <source>Run the model over a grid of parameter values or a Monte Carlo spread of them</source>
        <translation>Прогнать модель по сетке значений параметров или по их разбросу методом Монте-Карло</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::SweepWindow</name>
    <message>
        <source>Checking the sweep and compiling the model…</source>
        <translation>Проверка задания и компиляция модели…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Sweep — %1</source>
        <translation>Перебор — %1</translation>
    </message>
    <message>
        <source>Band: min / max</source>
        <translation>Полоса: мин / макс</translation>
    </message>
    <message>
        <source>Band: mean ± σ</source>
        <translation>Полоса: среднее ± σ</translation>
    </message>
    <message>
        <source>time [s]</source>
        <translation>время [с]</translation>
    </message>
    <message>
        <source>Signal:</source>
        <translation>Сигнал:</translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation>Показатель:</translation>
    </message>
    <message>
        <source>against:</source>
        <translation>от:</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Прогоны</translation>
    </message>
    <message>
        <source>Measures</source>
        <translation>Показатели</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Таблица</translation>
    </message>
    <message numerus="yes">
        <source>Running %n run(s)…</source>
        <translation>
            <numerusform>Выполняется %n прогон…</numerusform>
            <numerusform>Выполняется %n прогона…</numerusform>
            <numerusform>Выполняется %n прогонов…</numerusform>
        </translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>Гистограмма</translation>
    </message>
    <message>
        <source>%1 of %2 runs, about %3 s left</source>
        <translation>%1 из %2 прогонов, осталось около %3 с</translation>
    </message>
    <message>
        <source>Cancelled after %1 runs.</source>
        <translation>Отменено после %1 прогонов.</translation>
    </message>
    <message>
        <source>%1 runs made.</source>
        <translation>Выполнено прогонов: %1.</translation>
    </message>
    <message>
        <source>%1 failed (see the table).</source>
        <translation>Неудачных: %1 (см. таблицу).</translation>
    </message>
    <message>
        <source>The sweep was refused: %1</source>
        <translation>Перебор отклонён: %1</translation>
    </message>
    <message>
        <source>min / max</source>
        <translation>мин / макс</translation>
    </message>
    <message>
        <source>mean ± σ</source>
        <translation>среднее ± σ</translation>
    </message>
    <message numerus="yes">
        <source>mean of %n run(s)</source>
        <translation>
            <numerusform>среднее по %n прогону</numerusform>
            <numerusform>среднее по %n прогонам</numerusform>
            <numerusform>среднее по %n прогонам</numerusform>
        </translation>
    </message>
    <message>
        <source>runs</source>
        <translation>прогоны</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n run(s))</source>
        <translation>
            <numerusform>%1 (%n прогон)</numerusform>
            <numerusform>%1 (%n прогона)</numerusform>
            <numerusform>%1 (%n прогонов)</numerusform>
        </translation>
    </message>
    <message>
        <source>run</source>
        <translation>прогон</translation>
    </message>
    <message>
        <source>status</source>
        <translation>состояние</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ок</translation>
    </message>
</context>
<context>
    <name>kelvin::gui::VariablesWidget</name>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Evaluates to</source>
        <translation>Вычисляется в</translation>
    </message>
    <message>
        <source>Add a variable</source>
        <translation>Добавить переменную</translation>
    </message>
    <message>
        <source>Remove the selected variables</source>
        <translation>Удалить выделенные переменные</translation>
    </message>
    <message>
        <source>Set variable %1</source>
        <translation>Изменить переменную %1</translation>
    </message>
    <message>
        <source>Add variable %1</source>
        <translation>Добавить переменную %1</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n variable(s)</source>
        <translation>
            <numerusform>Удалить %n переменную</numerusform>
            <numerusform>Удалить %n переменные</numerusform>
            <numerusform>Удалить %n переменных</numerusform>
        </translation>
    </message>
</context>
</TS>
