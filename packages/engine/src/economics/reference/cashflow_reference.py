#!/usr/bin/env python3
"""Spreadsheet-style reference for packages/engine/src/economics/cashflow.ts.

Written independently of the TypeScript model (Python standard library only, no numpy): every
column of the annual table is computed as a list over years 0..N, the way a feasibility-report
spreadsheet is laid out, and the IRR is found by a plain scan + bisection (not Brent).

Rules, shared with the TypeScript model and documented in ../README.md:
  * year 0 = investment instant, years 1..N operating, flows at year end;
  * generation E_t = kWp * yield * (1 - d1) * (1 - d)^(t-1);
  * prices VAT-inclusive; output VAT = gross * r / (1 + r) on sales (EMC energy, feed-in,
    EMC storage share); self-investment savings are not sales and are counted ex-VAT;
  * input VAT of capex credited against output VAT, carried forward until used;
  * surcharges = VAT paid * (7 % + 3 % + 2 %);
  * straight-line depreciation with residual, net book value recovered at retirement;
  * income tax on profit before tax with 5-year loss carry-forward and the 3+3 holiday;
    the project after-tax flow uses tax on EBIT (调整所得税).

Run:  python3 cashflow_reference.py        (prints TypeScript constants for the tests)
"""
import math


def pct_vat(gross, r):
    return gross * r / (1.0 + r)


def bisect_irr(flows):
    """All roots of NPV(r) on (-0.99, 100] by a 0.001 scan then 200 bisection steps each."""
    def f(r):
        return sum(cf / (1.0 + r) ** t for t, cf in enumerate(flows))

    roots = []
    grid = [-0.99 + 0.001 * i for i in range(0, 1991)]  # -0.99 .. 1.0
    grid += [1.0 + 0.01 * i for i in range(1, 9901)]  # .. 100
    prev_r, prev_f = grid[0], f(grid[0])
    for r in grid[1:]:
        fr = f(r)
        if fr == 0:
            roots.append(r)
        elif (prev_f < 0) != (fr < 0) and prev_f != 0:
            lo, hi, flo = prev_r, r, prev_f
            for _ in range(200):
                mid = 0.5 * (lo + hi)
                fm = f(mid)
                if (fm < 0) == (flo < 0):
                    lo, flo = mid, fm
                else:
                    hi = mid
            roots.append(0.5 * (lo + hi))
        prev_r, prev_f = r, fr
    return roots


def npv(rate, flows):
    return sum(cf / (1.0 + rate) ** t for t, cf in enumerate(flows))


def payback(flows, rate=0.0):
    disc = [cf / (1.0 + rate) ** t for t, cf in enumerate(flows)]
    cum = 0.0
    for t, cf in enumerate(disc):
        before = cum
        cum += cf
        if cum >= 0:
            return 0.0 if t == 0 else (t - 1) + (-before) / cf
    return None


def tax_column(profit, rate, exempt, half, start, carry):
    """Income tax by year with loss carry-forward (FIFO, `carry` years) and exempt/half holiday."""
    n = len(profit)
    losses = []  # [year, remaining]
    tax = [0.0] * n
    for t in range(n):
        k = t - start
        if 0 <= k < exempt:
            r = 0.0
        elif exempt <= k < exempt + half:
            r = rate / 2
        else:
            r = rate
        p = profit[t]
        if p < 0:
            if carry > 0:
                losses.append([t, -p])
            taxable = 0.0
        else:
            room = p
            for item in losses:
                if room <= 0:
                    break
                if item[1] <= 0 or t - item[0] > carry:
                    continue
                use = min(room, item[1])
                item[1] -= use
                room -= use
            taxable = room
        tax[t] = taxable * r
    return tax


def model(c):
    N = c["life"]
    years = list(range(N + 1))
    r_vat = c["vat"]
    sur_rate = 0.07 + 0.03 + 0.02
    emc = c["model"] == "emc"

    # ---------------- capex sheet
    capex = [0.0] * (N + 1)
    in_vat = [0.0] * (N + 1)
    assets = []  # (base, buy_year, dep_years, retire_year, kind)
    pv_gross = 0.0
    st_gross = 0.0
    if "pv" in c:
        pv = c["pv"]
        if "quotation" in pv:
            pv_gross = sum(a for a, _ in pv["quotation"])
            pv_in = sum(pct_vat(a, r) for a, r in pv["quotation"])
        else:
            pv_gross = pv["yuan_per_w"] * pv["kwp"] * 1000
            pv_in = pct_vat(pv_gross, pv["capex_vat"])
        capex[0] += pv_gross
        in_vat[0] += pv_in
        assets.append((pv_gross - pv_in, 0, c["pv_dep_years"], N, "pv"))
    install = [0] * (N + 1)
    replacements = []
    if "st" in c:
        st = c["st"]
        st_gross = st["yuan_per_wh"] * st["kwh"] * 1000
        st_in = pct_vat(st_gross, 0.13)
        capex[0] += st_gross
        in_vat[0] += st_in
        assets.append((st_gross - st_in, 0, st["dep_years"], min(st["life"], N), "st"))
        y = st["life"]
        while y < N:
            g = st["repl_yuan_per_wh"] * st["kwh"] * 1000
            capex[y] += g
            in_vat[y] += pct_vat(g, 0.13)
            assets.append((g - pct_vat(g, 0.13), y, st["dep_years"], min(y + st["life"], N), "st"))
            replacements.append((y, g))
            for t in range(y + 1, N + 1):
                install[t] = y
            y += st["life"]

    # ---------------- depreciation sheet
    dep = [0.0] * (N + 1)
    recovered = [0.0] * (N + 1)
    rec_pv = [0.0] * (N + 1)
    rec_st = [0.0] * (N + 1)
    for base, buy, dy, retire, kind in assets:
        annual = base * (1 - c["residual"]) / dy
        book = base
        for t in range(buy + 1, retire + 1):
            if t <= buy + dy:
                dep[t] += annual
                book -= annual
        recovered[retire] += book
        (rec_pv if kind == "pv" else rec_st)[retire] += book

    # ---------------- energy and revenue sheet
    gen = [0.0] * (N + 1)
    selfk = [0.0] * (N + 1)
    feedk = [0.0] * (N + 1)
    rev_self = [0.0] * (N + 1)
    rev_feed = [0.0] * (N + 1)
    rev_st = [0.0] * (N + 1)
    st_total = [0.0] * (N + 1)
    host = [0.0] * (N + 1)
    out_vat = [0.0] * (N + 1)
    om_pv = [0.0] * (N + 1)
    om_st = [0.0] * (N + 1)
    ins = [0.0] * (N + 1)
    ins_pv = [0.0] * (N + 1)
    ins_st = [0.0] * (N + 1)
    other = [0.0] * (N + 1)
    dis = [0.0] * (N + 1)
    charge = [0.0] * (N + 1)
    for t in years[1:]:
        grid_p = c["grid_price"] * (1 + c["grid_esc"]) ** (t - 1)
        feed_p = c["feed_price"] * (1 + c["feed_esc"]) ** (t - 1)
        esc_o = (1 + c["opex_esc"]) ** (t - 1)
        if "pv" in c:
            pv = c["pv"]
            gen[t] = pv["kwp"] * pv["yield"] * (1 - pv["d1"]) * (1 - pv["d"]) ** (t - 1)
            selfk[t] = gen[t] * pv["self"]
            feedk[t] = gen[t] - selfk[t]
            rev_feed[t] = feedk[t] * feed_p
            if emc:
                rev_self[t] = selfk[t] * grid_p * c["host_fraction"]
                host[t] += selfk[t] * grid_p * (1 - c["host_fraction"])
            else:
                rev_self[t] = selfk[t] * grid_p / (1 + r_vat)
            om_pv[t] = pv["om_yuan_per_w"] * pv["kwp"] * 1000 * esc_o
            ins_pv[t] = c["insurance"] * pv_gross * esc_o
            other[t] = c["other_opex"] * esc_o
        if "st" in c:
            st = c["st"]
            fade = (1 - st["deg"]) ** (t - 1 - install[t])
            st_total[t] = (st["arb"] + st["dem"] + st["oth"]) * (1 + c["grid_esc"]) ** (t - 1) * fade
            if emc:
                rev_st[t] = st_total[t] * c["investor_share"]
                host[t] += st_total[t] * (1 - c["investor_share"])
            else:
                rev_st[t] = st_total[t] / (1 + r_vat)
            om_st[t] = st["om_per_kwh"] * st["kwh"] * esc_o
            ins_st[t] = c["insurance"] * st_gross * esc_o
            dis[t] = st["discharge"] * fade
            charge[t] = dis[t] / st["rte"] * st["charge_price"] * (1 + c["grid_esc"]) ** (t - 1)
        ins[t] = ins_pv[t] + ins_st[t]
        sales = rev_feed[t] + (rev_self[t] + rev_st[t] if emc else 0.0)
        out_vat[t] = pct_vat(sales, r_vat)
    revenue = [rev_self[t] + rev_feed[t] + rev_st[t] for t in years]
    opex = [om_pv[t] + om_st[t] + ins[t] + other[t] for t in years]

    # ---------------- VAT sheet
    vat_pay = [0.0] * (N + 1)
    carried = 0.0
    for t in years:
        carried += in_vat[t]
        used = min(carried, out_vat[t])
        carried -= used
        vat_pay[t] = out_vat[t] - used
    surch = [v * sur_rate for v in vat_pay]

    # ---------------- loan sheet
    loan = capex[0] * (1 - c["equity"])
    interest = [0.0] * (N + 1)
    princ = [0.0] * (N + 1)
    if loan > 0:
        i, n = c["loan_rate"], c["loan_term"]
        bal = loan
        pay = loan * i / (1 - (1 + i) ** (-n))
        for t in range(1, n + 1):
            interest[t] = bal * i
            princ[t] = (pay - interest[t]) if c["repay"] == "equal_payment" else loan / n
            if t == n:
                princ[t] = bal
            bal -= princ[t]

    # ---------------- profit and tax sheet
    rev_ex = [revenue[t] - out_vat[t] for t in years]
    ebit = [rev_ex[t] - opex[t] - dep[t] - surch[t] for t in years]
    profit = [ebit[t] - interest[t] for t in years]
    tx = c["tax"]
    tax = tax_column(profit, tx["rate"], tx["exempt"], tx["half"], 1, 5)
    adj_tax = tax_column(ebit, tx["rate"], tx["exempt"], tx["half"], 1, 5)
    net = [profit[t] - tax[t] for t in years]

    # ---------------- cash-flow sheet
    pre = [revenue[t] - opex[t] - vat_pay[t] - surch[t] - capex[t] + recovered[t] for t in years]
    after = [pre[t] - adj_tax[t] for t in years]
    equity = [pre[t] - interest[t] - princ[t] - tax[t] + (loan if t == 0 else 0.0) for t in years]

    dr = c["discount"]
    out = {
        "rows": {
            "pvGenerationKwh": gen,
            "revenueYuan": revenue,
            "outputVatYuan": out_vat,
            "vatPayableYuan": vat_pay,
            "surchargesYuan": surch,
            "opexYuan": opex,
            "depreciationYuan": dep,
            "residualRecoveredYuan": recovered,
            "interestYuan": interest,
            "principalYuan": princ,
            "profitBeforeTaxYuan": profit,
            "incomeTaxYuan": tax,
            "netProfitYuan": net,
            "adjustedIncomeTaxYuan": adj_tax,
            "hostSavingsYuan": host,
            "storageRevenueYuan": rev_st,
            "projectCashFlowPreTaxYuan": pre,
            "projectCashFlowAfterTaxYuan": after,
            "equityCashFlowYuan": equity,
        },
        "irr": {"pre": bisect_irr(pre), "after": bisect_irr(after), "equity": bisect_irr(equity)},
        "npv": {"pre": npv(dr, pre), "after": npv(dr, after), "equity": npv(dr, equity)},
        "payback": {
            "preStatic": payback(pre),
            "afterStatic": payback(after),
            "afterDynamic": payback(after, dr),
            "equityStatic": payback(equity),
            "equityDynamic": payback(equity, dr),
        },
        "totals": {
            "profit": sum(profit),
            "net": sum(net),
            "tax": sum(tax),
            "roi": sum(ebit) / N / capex[0],
            "roe": sum(net) / N / (capex[0] - loan),
        },
        "replacements": replacements,
    }
    if "pv" in c:
        cost = [0.0] * (N + 1)
        pv_in0 = in_vat[0] - (pct_vat(st_gross, 0.13) if "st" in c else 0.0)
        for t in years:
            cost[t] = (pv_gross - pv_in0 if t == 0 else 0.0) + om_pv[t] + ins_pv[t] + other[t] - rec_pv[t]
        out["lcoe"] = npv(dr, cost) / npv(dr, gen)
    if "st" in c:
        cost = [0.0] * (N + 1)
        for t in years:
            st_cap_net = 0.0
            if t == 0:
                st_cap_net = st_gross - pct_vat(st_gross, 0.13)
            for y, g in replacements:
                if y == t:
                    st_cap_net += g - pct_vat(g, 0.13)
            cost[t] = st_cap_net + om_st[t] + ins_st[t] + charge[t] - rec_st[t]
        out["lcos"] = npv(dr, cost) / npv(dr, dis)
    return out


TOY = {
    # 3-year hand-worked case of cashflow.test.ts
    "life": 3, "model": "emc", "vat": 0.13,
    "pv": {"kwp": 1000, "yuan_per_w": 1.13, "capex_vat": 0.13, "yield": 1000, "d1": 0.0, "d": 0.0,
           "self": 0.8, "om_yuan_per_w": 0.03},
    "pv_dep_years": 5, "residual": 0.0,
    "grid_price": 0.70625, "feed_price": 0.339, "grid_esc": 0.0, "feed_esc": 0.0,
    "host_fraction": 0.8, "investor_share": 1.0,
    "insurance": 0.0, "other_opex": 0.0, "opex_esc": 0.0,
    "equity": 0.5, "loan_rate": 0.06, "loan_term": 3, "repay": "equal_principal",
    "tax": {"rate": 0.25, "exempt": 0, "half": 0},
    "discount": 0.08,
}

CASE_A = {
    # 1 MWp C&I rooftop under EMC, the brief's case
    "life": 25, "model": "emc", "vat": 0.13,
    "pv": {"kwp": 1000, "yuan_per_w": 3.5, "capex_vat": 0.13, "yield": 1100, "d1": 0.02, "d": 0.0045,
           "self": 0.8, "om_yuan_per_w": 0.04},
    "pv_dep_years": 20, "residual": 0.05,
    "grid_price": 0.75, "feed_price": 0.391, "grid_esc": 0.0, "feed_esc": 0.0,
    "host_fraction": 0.85, "investor_share": 1.0,
    "insurance": 0.0025, "other_opex": 0.0, "opex_esc": 0.02,
    "equity": 0.3, "loan_rate": 0.036, "loan_term": 10, "repay": "equal_payment",
    "tax": {"rate": 0.25, "exempt": 3, "half": 3},
    "discount": 0.06,
}

CASE_B = {
    # 500 kWp PV + 1 MWh storage, self-investment, itemised PV quotation, equal principal
    "life": 25, "model": "self", "vat": 0.13,
    "pv": {"kwp": 500, "quotation": [(1_100_000, 0.13), (380_000, 0.09), (120_000, 0.06)],
           "yield": 1050, "d1": 0.01, "d": 0.004, "self": 0.9, "om_yuan_per_w": 0.035},
    "st": {"kwh": 1000, "yuan_per_wh": 0.9, "life": 10, "repl_yuan_per_wh": 0.5, "dep_years": 10,
           "deg": 0.025, "arb": 230_000, "dem": 20_000, "oth": 10_000, "om_per_kwh": 15,
           "discharge": 300_000, "charge_price": 0.35, "rte": 0.88},
    "pv_dep_years": 20, "residual": 0.05,
    "grid_price": 0.68, "feed_price": 0.391, "grid_esc": 0.01, "feed_esc": 0.0,
    "host_fraction": 1.0, "investor_share": 1.0,
    "insurance": 0.003, "other_opex": 5_000, "opex_esc": 0.01,
    "equity": 0.4, "loan_rate": 0.04, "loan_term": 8, "repay": "equal_principal",
    "tax": {"rate": 0.25, "exempt": 0, "half": 0},
    "discount": 0.07,
}


def ts_num(x):
    if x is None:
        return "null"
    return repr(float(x))


def emit(name, res):
    print(f"export const {name} = {{")
    print("  rows: {")
    for k, col in res["rows"].items():
        print(f"    {k}: [{', '.join(ts_num(v) for v in col)}],")
    print("  },")
    print("  irr: {" + ", ".join(f"{k}: [{', '.join(ts_num(v) for v in vs)}]" for k, vs in res["irr"].items()) + "},")
    print("  npv: {" + ", ".join(f"{k}: {ts_num(v)}" for k, v in res["npv"].items()) + "},")
    print("  payback: {" + ", ".join(f"{k}: {ts_num(v)}" for k, v in res["payback"].items()) + "},")
    print("  totals: {" + ", ".join(f"{k}: {ts_num(v)}" for k, v in res["totals"].items()) + "},")
    print("  replacements: [" + ", ".join(f"[{y}, {ts_num(g)}]" for y, g in res["replacements"]) + "],")
    print(f"  lcoe: {ts_num(res.get('lcoe'))},")
    print(f"  lcos: {ts_num(res.get('lcos'))},")
    print("} as const;")


if __name__ == "__main__":
    emit("REF_TOY", model(TOY))
    emit("REF_A", model(CASE_A))
    emit("REF_B", model(CASE_B))
