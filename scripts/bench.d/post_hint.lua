-- wrk: POST /knot/api/v1/hints with a JSON body (the bearer header comes from -H).
wrk.method = "POST"
wrk.body = '{"hint_text":"She keeps looking at pottery classes downtown","source":"text_input"}'
wrk.headers["Content-Type"] = "application/json"
